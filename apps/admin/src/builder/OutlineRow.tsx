import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Menu, Paper, Text, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyboardMove, OutlineRow as Row } from './tree.js';

/** Pixels of indentation, and of horizontal drag, per level of the outline. */
export const INDENT = 24;

/** Where each move would go: the block it moves into or out of, or null when it cannot. */
export type Moves = Record<KeyboardMove, { possible: boolean; target?: string }>;

/**
 * One block of the outline: a drag handle (pointer), a fold toggle for blocks that hold others, the
 * block's name and a summary (the button that selects it, and where the keyboard works), and a menu
 * of what can be done to it.
 */
export function OutlineRow(props: {
  row: Row;
  depth: number;
  label: string;
  summary: string;
  parentLabel: string | null;
  container: boolean;
  selected: boolean;
  problems: boolean;
  readOnly: boolean;
  /** Dragged where no block takes it. */
  refused: boolean;
  /** Where each move would go, asked when the menu opens. */
  moves: () => Moves;
  onSelect: () => void;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onMove: (move: KeyboardMove) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { row, label } = props;
  const id = row.block.id;
  const sortable = useSortable({ id, disabled: props.readOnly });
  const children = row.block.children?.length ?? 0;
  const name = props.summary ? `${label}: ${props.summary}` : label;

  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      style={{
        // Only up and down: the horizontal travel shows as the row's indentation instead.
        transform: CSS.Translate.toString(sortable.transform && { ...sortable.transform, x: 0 }),
        transition: sortable.transition,
        // Narrower steps on a phone, where twelve levels would leave no room for the names.
        marginInlineStart: `calc(${props.depth} * min(${INDENT}px, 4vw))`,
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
      data-block={id}
    >
      <Paper
        withBorder
        radius="sm"
        px={6}
        py={2}
        shadow={sortable.isDragging ? 'md' : undefined}
        style={{
          borderColor: props.refused
            ? 'var(--mantine-color-red-7)'
            : props.selected
              ? 'var(--mantine-color-blue-7)'
              : undefined,
          borderStyle: props.refused ? 'dashed' : undefined,
          background: props.selected ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <Group gap={4} wrap="nowrap">
          {props.readOnly ? null : (
            // The pointer's handle; the keyboard moves blocks with Alt and the arrows, or from the menu.
            <Box
              ref={sortable.setActivatorNodeRef}
              {...sortable.listeners}
              aria-hidden
              title={t('builder.drag.handle')}
              data-drag-handle={id}
              c="dimmed"
              px={4}
              style={{ cursor: 'grab', touchAction: 'none', userSelect: 'none' }}
            >
              ⠿
            </Box>
          )}
          {props.container && children > 0 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-expanded={!row.collapsed}
              aria-label={t(row.collapsed ? 'builder.actions.expand' : 'builder.actions.collapse', {
                name: label,
              })}
              onClick={props.onToggle}
            >
              <span aria-hidden>{row.collapsed ? '▸' : '▾'}</span>
            </ActionIcon>
          ) : (
            <Box w={22} style={{ flexShrink: 0 }} />
          )}
          <UnstyledButton
            data-block-row={id}
            aria-label={[
              name,
              props.parentLabel ? t('builder.inside', { parent: props.parentLabel }) : '',
              props.problems ? `(${t('builder.hasProblems')})` : '',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-pressed={props.selected}
            onClick={props.onSelect}
            onKeyDown={props.onKeyDown}
            py={6}
            px={4}
            style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text size="sm" truncate>
              <Text span fw={600} size="sm">
                {label}
              </Text>
              {props.summary ? (
                <Text span c="dimmed" size="sm">
                  {' · '}
                  {props.summary}
                </Text>
              ) : null}
            </Text>
          </UnstyledButton>
          {props.problems ? (
            <Badge color="red" size="xs" variant="filled" aria-hidden title={t('builder.hasProblems')}>
              !
            </Badge>
          ) : null}
          {props.readOnly ? null : (
            // No focus placeholder: Mantine's is a focusable "presentation" div, which a menu may not hold.
            <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('builder.actions.menu', { name })}
                  data-block-actions={id}
                >
                  <span aria-hidden>⋯</span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {/* Rendered only while open: where each move goes is worked out then. */}
                <RowActions
                  moves={props.moves}
                  onMove={props.onMove}
                  onDuplicate={props.onDuplicate}
                  onDelete={props.onDelete}
                />
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Paper>
    </Box>
  );
}

function RowActions(props: {
  moves: () => Moves;
  onMove: (move: KeyboardMove) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const moves = props.moves();
  return (
    <>
      <Menu.Item
        disabled={!moves.up.possible}
        rightSection={<Shortcut keys="Alt ↑" />}
        onClick={() => props.onMove('up')}
      >
        {t('builder.actions.moveUp')}
      </Menu.Item>
      <Menu.Item
        disabled={!moves.down.possible}
        rightSection={<Shortcut keys="Alt ↓" />}
        onClick={() => props.onMove('down')}
      >
        {t('builder.actions.moveDown')}
      </Menu.Item>
      <Menu.Item
        disabled={!moves.in.possible}
        rightSection={<Shortcut keys="Alt →" />}
        onClick={() => props.onMove('in')}
      >
        {moves.in.target
          ? t('builder.actions.moveIn', { name: moves.in.target })
          : t('builder.actions.moveInPlain')}
      </Menu.Item>
      <Menu.Item
        disabled={!moves.out.possible}
        rightSection={<Shortcut keys="Alt ←" />}
        onClick={() => props.onMove('out')}
      >
        {moves.out.target
          ? t('builder.actions.moveOut', { name: moves.out.target })
          : t('builder.actions.moveOutPlain')}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item onClick={props.onDuplicate}>{t('builder.actions.duplicate')}</Menu.Item>
      <Menu.Item color="red.9" onClick={props.onDelete}>
        {t('builder.actions.delete')}
      </Menu.Item>
    </>
  );
}

function Shortcut(props: { keys: string }) {
  return (
    <Text size="xs" c="dimmed" aria-hidden>
      {props.keys}
    </Text>
  );
}
