import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, Menu, Paper } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { TreeTexts } from './SortableTree.js';
import { INDENT, type KeyboardMove, keyboardPlacement, type TreeNode, type TreeRow } from './tree.js';

/**
 * One row of a sortable tree: a drag handle, what the screen shows of the node, and a menu of
 * what can be done to it, the keyboard's moves among them.
 */
export function SortableTreeRow<T extends TreeNode>(props: {
  row: TreeRow<T>;
  rows: TreeRow<T>[];
  depth: number;
  name: string;
  nameOf: (node: T) => string;
  texts: TreeTexts;
  editable: boolean;
  nested: boolean;
  busy: boolean;
  onMove: (move: KeyboardMove) => void;
  content: ReactNode;
  aside?: ReactNode;
  menuBefore?: ReactNode;
  menuAfter?: ReactNode;
  /** Attributes of the row's element (tests and styles find rows by them). */
  attributes?: Record<string, string>;
}) {
  const { node } = props.row;
  const { texts } = props;
  // Rows glide to their new places, unless the user asked for less motion.
  const still = useReducedMotion();
  const sortable = useSortable({
    id: node.id,
    disabled: !props.editable || props.busy,
    ...(still ? { transition: null } : {}),
  });
  const parent = props.rows.find((row) => row.node.id === props.row.parentId)?.node;
  const siblings = props.rows.filter((row) => row.parentId === props.row.parentId);
  const previous = siblings[siblings.indexOf(props.row) - 1]?.node;
  const can = (move: KeyboardMove) => !props.busy && keyboardPlacement(props.rows, node.id, move) !== null;

  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      style={{
        // Only up and down: the horizontal travel shows as the row's indentation instead.
        transform: CSS.Translate.toString(sortable.transform && { ...sortable.transform, x: 0 }),
        transition: sortable.transition,
        // Padding, not margin: the row's own box keeps its place as the projected depth changes,
        // or dnd-kit would take the shift for movement and take it off the pointer's travel.
        paddingInlineStart: props.depth * INDENT,
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
      {...props.attributes}
    >
      <Paper
        withBorder
        radius="sm"
        px="xs"
        py={6}
        shadow={sortable.isDragging ? 'md' : undefined}
        style={{ opacity: sortable.isDragging ? 0.9 : 1 }}
      >
        <Group gap="xs" wrap="nowrap">
          {props.editable ? (
            // The pointer's handle; the keyboard moves nodes from the menu beside it.
            <Box
              ref={sortable.setActivatorNodeRef}
              {...sortable.listeners}
              aria-hidden
              data-drag-handle={props.name}
              c="dimmed"
              px={4}
              style={{ cursor: props.busy ? 'wait' : 'grab', touchAction: 'none', userSelect: 'none' }}
            >
              ⠿
            </Box>
          ) : null}
          <Box style={{ flex: 1, minWidth: 0 }}>{props.content}</Box>
          {props.aside}
          {props.editable ? (
            // No focus placeholder: Mantine's is a focusable "presentation" div, which a menu may not hold.
            <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={texts.actionsFor(props.name)}
                  data-tree-actions={node.id}
                >
                  <span aria-hidden>⋯</span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {props.menuBefore ? (
                  <>
                    {props.menuBefore}
                    <Menu.Divider />
                  </>
                ) : null}
                <Menu.Item disabled={!can('up')} onClick={() => props.onMove('up')}>
                  {texts.moveUp}
                </Menu.Item>
                <Menu.Item disabled={!can('down')} onClick={() => props.onMove('down')}>
                  {texts.moveDown}
                </Menu.Item>
                {props.nested ? (
                  <>
                    <Menu.Item disabled={!can('indent')} onClick={() => props.onMove('indent')}>
                      {texts.indent(previous ? props.nameOf(previous) : null)}
                    </Menu.Item>
                    <Menu.Item disabled={!can('outdent')} onClick={() => props.onMove('outdent')}>
                      {texts.outdent(parent ? props.nameOf(parent) : null)}
                    </Menu.Item>
                  </>
                ) : null}
                {props.menuAfter ? (
                  <>
                    <Menu.Divider />
                    {props.menuAfter}
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Paper>
    </Box>
  );
}
