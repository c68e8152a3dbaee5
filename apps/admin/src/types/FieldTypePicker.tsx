import { Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FieldType } from './model.js';

/** The 17 field types to choose from, each with what it holds; repeaters left out where too deep. */
export function FieldTypePicker(props: {
  opened: boolean;
  allowRepeater: boolean;
  onPick: (type: FieldType) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const types = FIELD_TYPES.filter((type) => props.allowRepeater || type !== 'repeater');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('contentTypes.chooseType')}
      size="lg"
      // The caller places the focus: on the new field's label, or back on its button when cancelled.
      returnFocus={false}
    >
      <SimpleGrid
        cols={{ base: 1, xs: 2, sm: 3 }}
        spacing="xs"
        component="ul"
        style={{ padding: 0, margin: 0 }}
      >
        {types.map((type, index) => (
          <li key={type} style={{ listStyle: 'none' }}>
            <UnstyledButton
              onClick={() => props.onPick(type)}
              data-autofocus={index === 0 || undefined}
              w="100%"
              h="100%"
              p="sm"
              style={{
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-start',
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Text size="sm" fw={600}>
                {t(`contentTypes.fieldType.${type}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`contentTypes.fieldTypeHelp.${type}`)}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      {props.allowRepeater ? null : (
        <Text size="xs" c="dimmed" mt="sm">
          {t('contentTypes.maxDepth')}
        </Text>
      )}
    </Modal>
  );
}
