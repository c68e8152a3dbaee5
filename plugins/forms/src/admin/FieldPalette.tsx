import { SimpleGrid, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { NEW_FIELD } from './drag.js';
import { FIELD_TYPES, type FieldType } from './records.js';

/**
 * The twelve field types, each a button: Enter (or a click) adds one after the selected field, or
 * last; dragging one onto the form puts it where it is dropped.
 */
export function FieldPalette({ onAdd, t }: { onAdd: (type: FieldType) => void; t: AdminTranslate }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="forms-palette">
      <Title id="forms-palette" order={3} size="h5">
        {t('palette.title')}
      </Title>
      <Text id="forms-palette-help" size="xs" c="dimmed">
        {t('palette.help')}
      </Text>
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
        {FIELD_TYPES.map((type) => (
          <UnstyledButton
            key={type}
            draggable
            aria-describedby="forms-palette-help"
            data-field-type={type}
            onClick={() => onAdd(type)}
            onDragStart={(event) => {
              event.dataTransfer.setData(NEW_FIELD, type);
              event.dataTransfer.effectAllowed = 'copy';
            }}
            style={{
              cursor: 'grab',
              fontSize: 'var(--mantine-font-size-sm)',
              padding: '6px var(--mantine-spacing-xs)',
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-body)',
            }}
          >
            <VisuallyHidden>{t('palette.add')} </VisuallyHidden>
            {t(`types.${type}`)}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
