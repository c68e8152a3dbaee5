import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a step that cannot be taken back (removing a user, deleting a role, giving up one's own
 * access). Cancel has the focus, so Enter alone never confirms.
 */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('users.close') }}
      centered
    >
      <Stack>
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {t('users.cancel')}
          </Button>
          <Button color="red" loading={props.loading ?? false} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
