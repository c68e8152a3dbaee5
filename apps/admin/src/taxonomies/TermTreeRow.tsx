import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Menu, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isDefaultTerm } from './queries.js';
import { INDENT, type KeyboardMove, keyboardPlacement, type TreeRow } from './tree.js';

/** One term of the tree: a drag handle, its name, slug and count, and a menu of what can be done to it. */
export function TermTreeRow(props: {
  row: TreeRow;
  rows: TreeRow[];
  depth: number;
  taxonomy: string;
  canManage: boolean;
  busy: boolean;
  onMove: (move: KeyboardMove) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { term } = props.row;
  const sortable = useSortable({ id: term.id, disabled: !props.canManage || props.busy });
  const parent = props.rows.find((row) => row.term.id === props.row.parentId)?.term;
  const siblings = props.rows.filter((row) => row.parentId === props.row.parentId);
  const previous = siblings[siblings.indexOf(props.row) - 1]?.term;
  const can = (move: KeyboardMove) => !props.busy && keyboardPlacement(props.rows, term.id, move) !== null;

  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      style={{
        // Only up and down: the horizontal travel shows as the row's indentation instead.
        transform: CSS.Translate.toString(sortable.transform && { ...sortable.transform, x: 0 }),
        transition: sortable.transition,
        marginInlineStart: props.depth * INDENT,
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
      data-term={term.name}
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
          {props.canManage ? (
            // The pointer's handle; the keyboard moves terms from the menu beside it.
            <Box
              ref={sortable.setActivatorNodeRef}
              {...sortable.listeners}
              aria-hidden
              data-drag-handle={term.name}
              c="dimmed"
              px={4}
              style={{ cursor: props.busy ? 'wait' : 'grab', touchAction: 'none', userSelect: 'none' }}
            >
              ⠿
            </Box>
          ) : null}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {term.name}
              {parent ? (
                <span className="visually-hidden"> {t('taxonomies.under', { parent: parent.name })}</span>
              ) : null}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {term.slug}
              {isDefaultTerm(props.taxonomy, term) ? ` · ${t('taxonomies.defaultTerm')}` : null}
            </Text>
          </Box>
          <Badge
            variant="light"
            color="gray"
            title={t('taxonomies.publishedEntries')}
            style={{ flexShrink: 0 }}
          >
            {term.count}
            <span className="visually-hidden"> {t('taxonomies.publishedEntries')}</span>
          </Badge>
          {props.canManage ? (
            // No focus placeholder: Mantine's is a focusable "presentation" div, which a menu may not hold.
            <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('taxonomies.actionsFor', { name: term.name })}
                  data-term-actions={term.id}
                >
                  <span aria-hidden>⋯</span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={props.onEdit}>{t('taxonomies.edit')}</Menu.Item>
                <Menu.Divider />
                <Menu.Item disabled={!can('up')} onClick={() => props.onMove('up')}>
                  {t('taxonomies.moveUp')}
                </Menu.Item>
                <Menu.Item disabled={!can('down')} onClick={() => props.onMove('down')}>
                  {t('taxonomies.moveDown')}
                </Menu.Item>
                <Menu.Item disabled={!can('indent')} onClick={() => props.onMove('indent')}>
                  {previous ? t('taxonomies.indentUnder', { name: previous.name }) : t('taxonomies.indent')}
                </Menu.Item>
                <Menu.Item disabled={!can('outdent')} onClick={() => props.onMove('outdent')}>
                  {parent ? t('taxonomies.outdentFrom', { name: parent.name }) : t('taxonomies.outdent')}
                </Menu.Item>
                {isDefaultTerm(props.taxonomy, term) ? null : (
                  <>
                    <Menu.Divider />
                    <Menu.Item color="red.9" onClick={props.onDelete}>
                      {t('taxonomies.delete')}
                    </Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Paper>
    </Box>
  );
}
