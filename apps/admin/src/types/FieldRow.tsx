import { ActionIcon, Badge, Box, Button, Code, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldEditor } from './FieldEditor.js';
import type { FieldDraft, ContentType as ListedType } from './model.js';

/**
 * One field of a list: its label, key and type at a glance, buttons to move it, open its options
 * and remove it; open, its options below.
 */
export function FieldRow(props: {
  field: FieldDraft;
  index: number;
  count: number;
  depth: number;
  open: boolean;
  autoFocus: boolean;
  errors: Record<string, Record<string, string>>;
  types: readonly ListedType[];
  onToggle: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onChange: (field: FieldDraft) => void;
}) {
  const { t } = useTranslation();
  const { field, index, count, open } = props;
  const name = field.label || t('contentTypes.untitled');
  const bodyId = `field-options-${field.uid}`;
  const troubled = hasErrors(field, props.errors);

  return (
    <Paper component="li" withBorder p="sm" style={{ listStyle: 'none' }} aria-label={name}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" c={field.label ? undefined : 'dimmed'}>
            {name}
          </Text>
          {field.key ? <Code>{field.key}</Code> : null}
          <Badge variant="light" size="sm" color="gray">
            {t(`contentTypes.fieldType.${field.type}`)}
          </Badge>
          {field.required ? (
            <Badge variant="outline" size="sm" color="gray">
              {t('contentTypes.requiredBadge')}
            </Badge>
          ) : null}
          {troubled ? (
            <Badge variant="light" size="sm" color="red">
              {t('contentTypes.problems')}
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('contentTypes.moveUp', { name })}
            disabled={index === 0}
            onClick={() => props.onMove(index - 1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('contentTypes.moveDown', { name })}
            disabled={index === count - 1}
            onClick={() => props.onMove(index + 1)}
          >
            ↓
          </ActionIcon>
          <Button
            size="compact-sm"
            variant="default"
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            aria-label={`${open ? t('contentTypes.doneField') : t('contentTypes.editField')}: ${name}`}
            onClick={props.onToggle}
          >
            {open ? t('contentTypes.doneField') : t('contentTypes.editField')}
          </Button>
          <ActionIcon
            variant="default"
            color="red"
            aria-label={t('contentTypes.remove', { name })}
            onClick={props.onRemove}
          >
            ×
          </ActionIcon>
        </Group>
      </Group>
      {open ? (
        <Box id={bodyId} mt="sm">
          <FieldEditor
            field={field}
            depth={props.depth}
            autoFocus={props.autoFocus}
            errors={props.errors}
            types={props.types}
            onChange={props.onChange}
          />
        </Box>
      ) : null}
    </Paper>
  );
}

/** Whether a message concerns the field or one of its sub-fields, at any depth. */
export function hasErrors(field: FieldDraft, errors: Record<string, Record<string, string>>): boolean {
  return errors[field.uid] !== undefined || hasNestedErrors(field, errors);
}

function hasNestedErrors(field: FieldDraft, errors: Record<string, Record<string, string>>): boolean {
  return field.fields.some((sub) => errors[sub.uid] !== undefined || hasNestedErrors(sub, errors));
}
