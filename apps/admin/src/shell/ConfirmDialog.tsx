import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';

/**
 * Asks before an action that cannot be taken back (or that changes the whole site), and says why it
 * failed. With `danger` the confirm button is red and Cancel has the focus, so Enter alone never
 * destroys; otherwise the confirm button has it. The close icon is named by the theme (theme.ts).
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  /** The question in a sentence; `children` when it needs more (a list of what is lost). */
  text?: string;
  children?: ReactNode;
  confirm: string;
  danger?: boolean;
  pending?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack>
        {props.text ? <Text size="sm">{props.text}</Text> : null}
        {props.children}
        {props.error ? (
          <Alert color="red" role="alert">
            {toApiError(props.error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus={props.danger || undefined}>
            {t('app.cancel')}
          </Button>
          <Button
            color={props.danger ? 'red' : undefined}
            loading={props.pending ?? false}
            onClick={props.onConfirm}
            data-autofocus={!props.danger || undefined}
          >
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
