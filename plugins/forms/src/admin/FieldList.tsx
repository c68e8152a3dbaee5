import { Badge, Box, Group, Paper, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { type DragEvent, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { GlyphButton } from './controls.js';
import { carriesField, gapAt, MOVED_FIELD, NEW_FIELD } from './drag.js';
import { type DraftField, landingIndex } from './field-model.js';
import { FIELD_TYPES, type FieldType } from './records.js';

type Control = 'select' | 'up' | 'down';

const INDICATOR = 'var(--mantine-color-blue-6)';

/**
 * The form's fields in order. A field is selected by its button (its editor opens beside the
 * list); it moves by dragging, by its Move up and Move down buttons, or by Alt+Arrow keys on it.
 * Field types dragged from the palette land in the gap shown by a line.
 */
export function FieldList(props: {
  fields: readonly DraftField[];
  selected: string | null;
  /** Keys of the fields the last save found problems in. */
  faulty: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onMove: (key: string, to: number) => void;
  onRemove: (key: string) => void;
  onAdd: (type: FieldType, at: number) => void;
  t: AdminTranslate;
}) {
  const { fields, selected, t } = props;
  const list = useRef<HTMLOListElement>(null);
  const [gap, setGap] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ key: string; control: Control } | null>(null);

  // A field moved by the keyboard keeps the focus where the keys were pressed: on its button, or
  // on its own button when the one pressed is now disabled (moved to the top or the bottom).
  useEffect(() => {
    if (!focus) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-field-key="${focus.key}"]`);
    const control = card?.querySelector<HTMLButtonElement>(`[data-control="${focus.control}"]`);
    const target =
      control && !control.disabled ? control : card?.querySelector<HTMLElement>('[data-control="select"]');
    target?.focus();
    setFocus(null);
  }, [focus]);

  const move = (key: string, from: number, to: number, control: Control) => {
    if (to < 0 || to >= fields.length || to === from) return;
    props.onMove(key, to);
    setFocus({ key, control });
  };

  const onKeyDown = (event: KeyboardEvent, field: DraftField, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    props.onSelect(field.key);
    move(field.key, index, event.key === 'ArrowUp' ? index - 1 : index + 1, 'select');
  };

  const over = (event: DragEvent) => {
    if (!carriesField([...event.dataTransfer.types])) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = event.dataTransfer.types.includes(MOVED_FIELD) ? 'move' : 'copy';
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    setGap(
      item ? gapAt(Number(item.dataset.index), event.clientY, item.getBoundingClientRect()) : fields.length,
    );
  };

  const drop = (event: DragEvent) => {
    if (!carriesField([...event.dataTransfer.types])) return;
    event.preventDefault();
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const at = item
      ? gapAt(Number(item.dataset.index), event.clientY, item.getBoundingClientRect())
      : fields.length;
    setGap(null);
    const type = event.dataTransfer.getData(NEW_FIELD);
    const moving = event.dataTransfer.getData(MOVED_FIELD);
    if (FIELD_TYPES.includes(type as FieldType)) props.onAdd(type as FieldType, at);
    else if (moving) {
      const from = fields.findIndex((field) => field.key === moving);
      if (from >= 0) props.onMove(moving, landingIndex(from, at));
    }
  };

  const leave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setGap(null);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="forms-fields">
      <Title id="forms-fields" order={3} size="h5">
        {t('fields.title')}
      </Title>
      {fields.length === 0 ? (
        <Paper
          withBorder
          p="lg"
          onDragOver={over}
          onDragLeave={leave}
          onDrop={drop}
          data-testid="forms-drop-zone"
          style={{ borderStyle: 'dashed', borderColor: gap !== null ? INDICATOR : undefined }}
        >
          <Text size="sm" c="dimmed" ta="center">
            {t('fields.empty')}
          </Text>
        </Paper>
      ) : (
        <Box
          component="ol"
          ref={list}
          aria-labelledby="forms-fields"
          onDragOver={over}
          onDragLeave={leave}
          onDrop={drop}
          data-testid="forms-drop-zone"
          m={0}
          p={0}
          pb="lg"
          style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {fields.map((field, index) => {
            const isSelected = field.key === selected;
            const position = {
              label: field.label || t('fields.untitled'),
              n: index + 1,
              count: fields.length,
            };
            const line =
              gap === index
                ? `0 -5px 0 -2px ${INDICATOR}`
                : gap === fields.length && index === fields.length - 1
                  ? `0 5px 0 -2px ${INDICATOR}`
                  : undefined;
            return (
              <Paper
                key={field.key}
                component="li"
                withBorder
                radius="sm"
                p="xs"
                draggable
                data-index={index}
                data-field-key={field.key}
                onDragStart={(event: DragEvent) => {
                  event.dataTransfer.setData(MOVED_FIELD, field.key);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setGap(null)}
                onClick={(event: MouseEvent) => {
                  // The whole card selects with a pointer; its button does for the keyboard.
                  if (!(event.target as HTMLElement).closest('button')) props.onSelect(field.key);
                }}
                style={{
                  cursor: 'grab',
                  boxShadow: line,
                  borderColor: isSelected ? 'var(--mantine-color-blue-6)' : undefined,
                  borderWidth: isSelected ? 2 : undefined,
                }}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    {/* Named by what it shows and its place: "Email (field 2 of 4)". */}
                    <UnstyledButton
                      data-control="select"
                      aria-pressed={isSelected}
                      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                      onClick={() => props.onSelect(field.key)}
                      onKeyDown={(event) => onKeyDown(event, field, index)}
                      fz="sm"
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {position.label}
                      <VisuallyHidden component="span"> {t('fields.position', position)}</VisuallyHidden>
                    </UnstyledButton>
                    <Group gap={6}>
                      <Badge size="xs" variant="light" color="gray">
                        {t(`types.${field.type}`)}
                      </Badge>
                      <Text size="xs" c="dimmed" ff="monospace" truncate data-field-name>
                        {field.name}
                      </Text>
                      {field.required || field.type === 'consent' ? (
                        <Badge size="xs" variant="light" color="red">
                          {t('fields.required')}
                        </Badge>
                      ) : null}
                      {field.width === 'half' ? (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('fields.half')}
                        </Badge>
                      ) : null}
                      {props.faulty.has(field.key) ? (
                        <Text size="xs" c="red" fw={600}>
                          {t('fields.hasProblems')}
                        </Text>
                      ) : null}
                    </Group>
                  </Stack>
                  <Group gap={2} wrap="nowrap">
                    <GlyphButton
                      glyph="↑"
                      label={t('fields.moveUp', position)}
                      control="up"
                      disabled={index === 0}
                      onClick={() => move(field.key, index, index - 1, 'up')}
                    />
                    <GlyphButton
                      glyph="↓"
                      label={t('fields.moveDown', position)}
                      control="down"
                      disabled={index === fields.length - 1}
                      onClick={() => move(field.key, index, index + 1, 'down')}
                    />
                    <GlyphButton
                      glyph="×"
                      label={t('fields.remove', position)}
                      onClick={() => {
                        // The focus goes to the field now in its place (or the one above), not to the page.
                        const neighbour = fields[index + 1] ?? fields[index - 1];
                        props.onRemove(field.key);
                        if (neighbour) setFocus({ key: neighbour.key, control: 'select' });
                      }}
                    />
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
