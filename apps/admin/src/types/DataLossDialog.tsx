import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api.js';
import type { FieldDraft } from './model.js';

/**
 * The server's 409 `field_data_loss` put to the user: the saved fields whose stored values the
 * change would delete (removed, or given another type), each named with what the server says.
 * Cancel has the focus, so Enter alone never deletes.
 */
export function DataLossDialog(props: {
  opened: boolean;
  error: ApiError | null;
  /** The fields as saved, to name them by their labels. */
  fields: readonly FieldDraft[];
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lost = Object.entries(props.error?.errors ?? {}).map(([path, messages]) => {
    const key = path.replace(/^fields\./, '');
    const field = props.fields.find((each) => each.savedKey === key);
    return { key, label: field?.label || key, messages };
  });
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={t('contentTypes.dataLossTitle')} centered>
      <Stack>
        <Text size="sm">{t('contentTypes.dataLossHelp')}</Text>
        {lost.length > 0 ? (
          <List size="sm" spacing="xs">
            {lost.map((each) => (
              <List.Item key={each.key}>
                <Text span size="sm" fw={600}>
                  {t('contentTypes.fieldOf', { label: each.label, key: each.key })}
                </Text>
                {' — '}
                {each.messages.join(' ')}
              </List.Item>
            ))}
          </List>
        ) : (
          <Alert color="red">{props.error?.message}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {t('contentTypes.cancel')}
          </Button>
          <Button color="red" loading={props.loading} onClick={props.onConfirm}>
            {t('contentTypes.dataLossConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
