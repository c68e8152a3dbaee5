import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack } from '@mantine/core';
import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderLabels } from './labels.js';
import { INDENT, type Moves, OutlineRow } from './OutlineRow.js';
import type { Catalog } from './queries.js';
import { summaryOf } from './schema.js';
import {
  type Block,
  descendantIds,
  dropPlacement,
  flatten,
  isContainer,
  type KeyboardMove,
  keyboardPlacement,
  locate,
  type Placement,
} from './tree.js';

interface Drag {
  activeId: string;
  overId: string;
  offsetX: number;
}

const ARROW_MOVES: Record<string, KeyboardMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'in',
  ArrowLeft: 'out',
};

/** The outline's folded blocks, and the toggle its rows call (opened: unfolded). */
export function useFolding() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string, open: boolean) => {
    setCollapsed((now) => {
      const next = new Set(now);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  return { collapsed, toggle };
}

/** The focusable button of a block's row. */
export function rowButton(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-block-row="${CSS.escape(id)}"]`);
}

/**
 * The outline's rows with dragging: the pointer drags a row by its handle, up or down to reorder,
 * right or left to nest into the row above or come out of its parent, only where the parent's rule
 * takes the block. The keyboard does the same with Alt and the arrows, or from each row's menu.
 */
export function OutlineTree(props: {
  tree: Block[];
  catalog: Catalog;
  labels: BuilderLabels;
  collapsed: ReadonlySet<string>;
  selectedId: string | null;
  readOnly: boolean;
  problems: ReadonlySet<string>;
  describedBy: string;
  onSelect: (id: string) => void;
  onToggle: (id: string, open: boolean) => void;
  onMove: (id: string, placement: Placement) => void;
  onRefused: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { tree, catalog, labels } = props;
  const [drag, setDrag] = useState<Drag | null>(null);
  const rows = useMemo(() => flatten(tree, props.collapsed), [tree, props.collapsed]);
  // A shown block's parent is shown too.
  const shownById = useMemo(() => new Map(rows.map((row) => [row.block.id, row.block])), [rows]);
  const labelOf = (block: Block | null | undefined) =>
    block ? labels.block(block.type, catalog.byType.get(block.type)) : '';
  const nameOf = (id: unknown) => labelOf(locate(tree, String(id))?.block);

  // While dragging, a block's children fold into it: they move with it, and it cannot land among them.
  const shown = useMemo(() => {
    if (!drag) return rows;
    const dragged = locate(tree, drag.activeId)?.block;
    const below = dragged ? descendantIds(dragged) : new Set<string>();
    return rows.filter((row) => !below.has(row.block.id));
  }, [rows, drag, tree]);
  const projected = drag
    ? dropPlacement(tree, shown, drag.activeId, drag.overId, drag.offsetX, INDENT, catalog.rules)
    : null;

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  function movesOf(block: Block): Moves {
    const at = locate(tree, block.id);
    const moves = {} as Moves;
    for (const move of ['up', 'down', 'in', 'out'] as const) {
      const placement = keyboardPlacement(tree, block.id, move, catalog.rules);
      const target =
        move === 'in' && placement?.parentId
          ? nameOf(placement.parentId)
          : move === 'out'
            ? labelOf(at?.parent)
            : '';
      moves[move] = { possible: placement !== null, ...(target ? { target } : {}) };
    }
    return moves;
  }

  function move(id: string, kind: KeyboardMove) {
    const placement = keyboardPlacement(tree, id, kind, catalog.rules);
    if (placement) props.onMove(id, placement);
    else props.onRefused(id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const row = rows[index];
    if (!row) return;
    const id = row.block.id;
    const focus = (at: number) => {
      const target = rows[at];
      if (target) rowButton(target.block.id)?.focus();
    };
    const arrowMove = ARROW_MOVES[event.key];
    if (event.altKey && arrowMove) {
      // Alt with the arrows moves the block; preventing the default also stops the browser's Back.
      event.preventDefault();
      if (!props.readOnly) move(id, arrowMove);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const open = isContainer(catalog.rules.get(row.block.type)) && (row.block.children?.length ?? 0) > 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(rows.length - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        if (open && row.collapsed) props.onToggle(id, true);
        else if (open) focus(index + 1);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        if (open && !row.collapsed) props.onToggle(id, false);
        else if (row.parentId) focus(rows.findIndex((each) => each.block.id === row.parentId));
        break;
    }
  }

  function onDragEnd(event: DragEndEvent) {
    const placement =
      drag && event.over
        ? dropPlacement(
            tree,
            shown,
            drag.activeId,
            String(event.over.id),
            event.delta.x,
            INDENT,
            catalog.rules,
          )
        : null;
    const activeId = drag?.activeId;
    setDrag(null);
    if (!activeId || !event.over) return;
    if (!placement) {
      props.onRefused(activeId);
      return;
    }
    const at = locate(tree, activeId);
    if (!at) return;
    if ((at.parent?.id ?? null) === placement.parentId && at.index === placement.index) return;
    props.onMove(activeId, { parentId: placement.parentId, index: placement.index });
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('builder.drag.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('builder.drag.over', { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active }) => t('builder.drag.end', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('builder.drag.cancel', { name: nameOf(active.id) }),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('builder.drag.instructions') },
      }}
      onDragStart={({ active }) =>
        setDrag({ activeId: String(active.id), overId: String(active.id), offsetX: 0 })
      }
      onDragMove={({ delta }) => setDrag((now) => (now ? { ...now, offsetX: delta.x } : now))}
      onDragOver={({ over }) => setDrag((now) => (now && over ? { ...now, overId: String(over.id) } : now))}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
    >
      <SortableContext items={shown.map((row) => row.block.id)} strategy={verticalListSortingStrategy}>
        <Stack
          component="ul"
          gap={4}
          aria-label={t('builder.outline')}
          aria-describedby={props.describedBy}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {shown.map((row) => {
            const dragged = drag?.activeId === row.block.id;
            const parent = row.parentId ? shownById.get(row.parentId) : null;
            return (
              <OutlineRow
                key={row.block.id}
                row={row}
                depth={dragged && projected ? projected.depth : row.depth}
                label={labelOf(row.block)}
                summary={summaryOf(row.block.props)}
                parentLabel={parent ? labelOf(parent) : null}
                container={isContainer(catalog.rules.get(row.block.type))}
                selected={props.selectedId === row.block.id}
                problems={props.problems.has(row.block.id)}
                readOnly={props.readOnly}
                refused={dragged && projected === null}
                moves={() => movesOf(row.block)}
                onSelect={() => props.onSelect(row.block.id)}
                onToggle={() => props.onToggle(row.block.id, row.collapsed)}
                onKeyDown={(event) => onKeyDown(event, rows.indexOf(row))}
                onMove={(kind) => move(row.block.id, kind)}
                onDuplicate={() => props.onDuplicate(row.block.id)}
                onDelete={() => props.onDelete(row.block.id)}
              />
            );
          })}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
