import { ActionIcon, Button, Fieldset, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput.js';
import type { FieldDefinition } from './model.js';

/**
 * A repeater: a list of items, each the sub-fields of its definition (repeaters nest), added,
 * removed and moved up and down with buttons, so reordering works from the keyboard too.
 */
export function RepeaterInput(props: {
  field: FieldDefinition;
  value: unknown[];
  onChange: (value: unknown[]) => void;
  path: string;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { field, value, onChange, path, errors } = props;
  const subfields = (field.fields ?? []) as FieldDefinition[];
  // React keys that follow the items through moves: the values have no identity of their own.
  const keys = useRef<number[]>([]);
  const next = useRef(0);
  while (keys.current.length < value.length) keys.current.push(next.current++);
  keys.current.length = value.length;
  const max = field.max_items ?? Number.POSITIVE_INFINITY;

  const move = (from: number, to: number) => {
    const items = [...value];
    const [item] = items.splice(from, 1);
    items.splice(to, 0, item);
    const ids = [...keys.current];
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id ?? next.current++);
    keys.current = ids;
    onChange(items);
  };
  const remove = (index: number) => {
    keys.current.splice(index, 1);
    onChange(value.filter((_, at) => at !== index));
  };
  const add = () => {
    const item: Record<string, unknown> = {};
    for (const sub of subfields) if (sub.default !== undefined) item[sub.key] = sub.default;
    onChange([...value, item]);
  };

  return (
    <Fieldset legend={field.label} variant="unstyled">
      {field.help_text ? (
        <Text size="xs" c="dimmed" mb="xs">
          {field.help_text}
        </Text>
      ) : null}
      {errors[path] ? <Input.Error mb="xs">{errors[path]}</Input.Error> : null}
      <Stack gap="sm">
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('editor.noItems')}
          </Text>
        ) : null}
        {value.map((raw, index) => {
          const item = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
          const name = t('editor.item', { label: field.label, number: index + 1 });
          return (
            <Paper key={keys.current[index]} withBorder p="sm" role="group" aria-label={name}>
              <Group justify="space-between" mb="xs">
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Group gap={4}>
                  <ActionIcon
                    variant="default"
                    aria-label={t('editor.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('editor.moveDown', { name })}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    color="red"
                    aria-label={t('editor.removeItem', { name })}
                    onClick={() => remove(index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
              <Stack gap="sm">
                {subfields.map((sub) => (
                  <FieldInput
                    key={sub.key}
                    field={sub}
                    value={item[sub.key]}
                    path={`${path}[${index}].${sub.key}`}
                    errors={errors}
                    onChange={(changed) => {
                      const items = [...value];
                      items[index] = { ...item, [sub.key]: changed };
                      onChange(items);
                    }}
                  />
                ))}
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button variant="default" size="xs" onClick={add} disabled={value.length >= max}>
            {t('editor.addItem', { label: field.label })}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
