import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Leaving the builder for another screen of the admin (its Back button, the browser's, a link)
 * never drops a change: a draft that saves itself is saved first, then the move goes on; a pattern
 * (saved by hand) or a save that failed asks before anything is lost. Closing the tab is
 * useAutosave's `beforeunload`.
 */
export function LeaveSaving(props: {
  /** Whether changes are not stored yet, read when a move is asked for. */
  unsaved: () => boolean;
  /** Whether the draft saves itself (a page, the header, the footer), else it is saved by hand. */
  autosaves: boolean;
  save: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && props.unsaved(),
  );
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const blocked = blocker.state === 'blocked';

  const saveAndGo = async () => {
    setSaving(true);
    const saved = await props.save();
    setSaving(false);
    if (saved) blocker.proceed?.();
    else setFailed(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per blocked move
  useEffect(() => {
    if (!blocked) {
      setFailed(false);
      return;
    }
    if (props.autosaves) void saveAndGo();
  }, [blocked]);

  const asking = blocked && (!props.autosaves || failed);
  return (
    <Modal
      opened={asking}
      onClose={() => blocker.reset?.()}
      title={failed ? t('builder.visual.leave.failedTitle') : t('app.leaveTitle')}
    >
      <Text size="sm">{failed ? t('builder.visual.leave.failedText') : t('app.leaveText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('app.stay')}
        </Button>
        <Button variant="default" color="red" onClick={() => blocker.proceed?.()}>
          {t('builder.visual.leave.discard')}
        </Button>
        <Button loading={saving} onClick={() => void saveAndGo()}>
          {failed ? t('builder.visual.leave.retry') : t('builder.visual.leave.save')}
        </Button>
      </Group>
    </Modal>
  );
}
