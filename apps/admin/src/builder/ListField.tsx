import { ActionIcon, Box, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPicker } from '../media/MediaPicker.js';
import { mediaKindsFor } from './MediaPropField.js';
import { PropField, type PropFieldProps } from './PropField.js';
import { defaultsOf, initialValue, isRequired, type JsonSchema, kindOf } from './schema.js';

/** A fieldset's legend that looks like the inputs' labels. */
/**
 * A list prop: its items added, removed and moved up and down with buttons (so from the keyboard
 * too), each item the input its schema calls for. A list of media items adds from the library.
 */
export function ListField(props: PropFieldProps & { item: JsonSchema; bare?: boolean }) {
  const { t } = useTranslation();
  const { schema, name, path, value, onChange, context, item } = props;
  const { blockType, labels } = context;
  const items = Array.isArray(value) ? value : [];
  const label = props.label ?? labels.prop(name);
  const max = schema.maxItems ?? Number.POSITIVE_INFINITY;
  const min = schema.minItems ?? 0;
  const [picking, setPicking] = useState(false);
  // React keys that follow the items through moves: the values have no identity of their own.
  const keys = useRef<number[]>([]);
  const next = useRef(0);
  while (keys.current.length < items.length) keys.current.push(next.current++);
  keys.current.length = items.length;

  const hints = { richText: blockType.rich_text, media: blockType.media };
  const itemKind = kindOf(item, name, hints, false).kind;
  const compact = itemKind !== 'object' && itemKind !== 'list' && itemKind !== 'richtext';
  const fromLibrary =
    path.length === 1 && blockType.media.includes(name) && item.properties?.media_id !== undefined;

  const move = (from: number, to: number) => {
    const changed = [...items];
    changed.splice(to, 0, ...changed.splice(from, 1));
    const ids = [...keys.current];
    ids.splice(to, 0, ...ids.splice(from, 1));
    keys.current = ids;
    onChange(changed);
  };
  const remove = (index: number) => {
    keys.current.splice(index, 1);
    onChange(items.filter((_, at) => at !== index));
  };
  const setItem = (index: number, changed: unknown) => {
    const list = [...items];
    list[index] = changed;
    onChange(list);
  };

  const actions = (index: number, itemName: string) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={t('builder.form.moveUp', { name: itemName })}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        <span aria-hidden>↑</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={t('builder.form.moveDown', { name: itemName })}
        disabled={index === items.length - 1}
        onClick={() => move(index, index + 1)}
      >
        <span aria-hidden>↓</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={t('builder.form.remove', { name: itemName })}
        disabled={items.length <= min}
        onClick={() => remove(index)}
      >
        <span aria-hidden>×</span>
      </ActionIcon>
    </Group>
  );

  const body = (index: number, raw: unknown, itemName: string): ReactNode => {
    const itemPath = [...path, index];
    if (itemKind === 'object') {
      const object = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
      return Object.entries(item.properties ?? {}).map(([key, property]) => (
        <PropField
          key={key}
          schema={property}
          name={key}
          path={[...itemPath, key]}
          value={object[key]}
          required={isRequired(item, key)}
          context={context}
          onChange={(changed) => {
            const copy = { ...object };
            if (changed === undefined) delete copy[key];
            else copy[key] = changed;
            setItem(index, copy);
          }}
        />
      ));
    }
    if (itemKind === 'list')
      return (
        <ListField
          schema={item}
          item={item.items ?? {}}
          name={name}
          path={itemPath}
          value={raw}
          required
          context={context}
          label={itemName}
          bare
          onChange={(changed) => setItem(index, changed)}
        />
      );
    return (
      <PropField
        schema={item}
        name={name}
        path={itemPath}
        value={raw}
        required
        context={context}
        label={itemName}
        compact
        onChange={(changed) => setItem(index, changed)}
      />
    );
  };

  const content = (
    <Stack gap="xs">
      {context.errors[path.join('.')] ? <Input.Error>{context.errors[path.join('.')]}</Input.Error> : null}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('builder.form.noItems')}
        </Text>
      ) : null}
      {items.map((raw, index) => {
        const itemName = t('builder.form.item', { label, number: index + 1 });
        return compact ? (
          <Group key={keys.current[index]} gap="xs" align="flex-end" wrap="nowrap">
            <Box style={{ flex: 1, minWidth: 0 }}>{body(index, raw, itemName)}</Box>
            {actions(index, itemName)}
          </Group>
        ) : (
          <Paper key={keys.current[index]} withBorder p="sm" role="group" aria-label={itemName}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {itemName}
              </Text>
              {actions(index, itemName)}
            </Group>
            <Stack gap="sm">{body(index, raw, itemName)}</Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={items.length >= max}
          onClick={() => (fromLibrary ? setPicking(true) : onChange([...items, initialValue(item)]))}
        >
          {fromLibrary ? t('builder.form.addMedia') : t('builder.form.addItem', { label })}
        </Button>
      </Group>
      {fromLibrary ? (
        <MediaPicker
          opened={picking}
          multiple
          title={label}
          {...(mediaKindsFor(blockType.type) ? { kinds: mediaKindsFor(blockType.type) } : {})}
          onClose={() => setPicking(false)}
          onPick={(ids) => {
            setPicking(false);
            const room = Math.max(0, max - items.length);
            onChange([...items, ...ids.slice(0, room).map((id) => ({ ...defaultsOf(item), media_id: id }))]);
          }}
        />
      ) : null}
    </Stack>
  );

  if (props.bare) return content;
  return (
    <fieldset className="plain-fieldset">
      <Text component="legend" size="sm" fw={600} mb={4} p={0}>
        {label}
      </Text>
      {context.labels.help(blockType.type, name, schema) ? (
        <Text size="xs" c="dimmed" mb="xs">
          {context.labels.help(blockType.type, name, schema)}
        </Text>
      ) : null}
      {content}
    </fieldset>
  );
}
