import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before deleting a block that holds others. Cancel has the focus, so Enter alone never deletes. */
export function DeleteBlock(props: {
  opened: boolean;
  name: string;
  /** Blocks inside it, at every depth. */
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={t('builder.confirm.title', { name: props.name })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      returnFocus={false}
      centered
    >
      <Stack>
        <Text>{t('builder.confirm.children', { count: props.count })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {t('builder.confirm.cancel')}
          </Button>
          <Button color="red" onClick={props.onConfirm}>
            {t('builder.confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
