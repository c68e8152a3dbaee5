import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { messageOf } from './states.js';

/**
 * Asks before something that cannot be taken back. Cancel has the focus, so Enter alone never
 * deletes; a failure is said in the dialog, which stays open.
 */
export function ConfirmDelete(props: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  t: AdminTranslate;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack>
        <Text size="sm">{props.text}</Text>
        {props.error ? (
          <Alert color="red" variant="light" role="alert">
            {messageOf(props.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {props.t('common.cancel')}
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onConfirm}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Unsaved changes are not lost by accident: going to another screen asks first, and so does
 * closing or reloading the tab (the browser's own question).
 */
export function LeaveGuard({ dirty, t }: { dirty: boolean; t: AdminTranslate }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('leave.title')}>
      <Stack>
        <Text size="sm">{t('leave.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('leave.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
