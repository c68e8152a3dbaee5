import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';

/** Asks before an action that cannot be taken back (or that changes the whole site), and says why it failed. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('appearance.close') }}
    >
      <Stack>
        <Text size="sm">{props.text}</Text>
        {props.error ? (
          <Alert color="red" role="alert">
            {toApiError(props.error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('appearance.cancel')}
          </Button>
          <Button
            color={props.danger ? 'red' : undefined}
            loading={props.pending}
            onClick={props.onConfirm}
            data-autofocus
          >
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
