import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { SortableTreeRow } from './SortableTreeRow.js';
import {
  descendantsOf,
  dropPlacement,
  INDENT,
  isStay,
  type KeyboardMove,
  keyboardPlacement,
  type Placement,
  type TreeNode,
  type TreeRow,
} from './tree.js';

/** The words of a tree, in the screen's own terms (a category, a menu item). */
export interface TreeTexts {
  /** The list's accessible name. */
  list: string;
  actionsFor: (name: string) => string;
  moveUp: string;
  moveDown: string;
  /** Null: no row above to go under. */
  indent: (previous: string | null) => string;
  outdent: (parent: string | null) => string;
  /** Said once a move is saved; `position` from 1. */
  moved: (name: string, parent: string | null, position: number) => string;
  drag: {
    instructions: string;
    start: (name: string) => string;
    over: (name: string, over: string) => string;
    end: (name: string) => string;
    cancel: (name: string) => string;
  };
}

interface Drag {
  activeId: number;
  overId: number;
  offsetX: number;
}

/**
 * Nodes as a tree that the mouse (or a finger) reorders by a row's handle: up or down to reorder,
 * right or left to nest under the row above or come out of its parent, the row showing where it
 * will land. The keyboard does the same from each row's menu (move up, move down, indent,
 * outdent). `nested` false: a flat list, reordered only. `onMove` saves; the tree says when it
 * did, and keeps the focus on the moved row's menu button for the next move.
 */
export function SortableTree<T extends TreeNode>(props: {
  rows: TreeRow<T>[];
  nameOf: (node: T) => string;
  texts: TreeTexts;
  editable: boolean;
  busy: boolean;
  nested?: boolean;
  onMove: (placement: Placement) => Promise<unknown>;
  content: (row: TreeRow<T>, parent: T | undefined) => ReactNode;
  aside?: (row: TreeRow<T>) => ReactNode;
  menuBefore?: (row: TreeRow<T>) => ReactNode;
  menuAfter?: (row: TreeRow<T>) => ReactNode;
  attributes?: (row: TreeRow<T>) => Record<string, string>;
}) {
  const { rows, texts, nameOf } = props;
  const nested = props.nested ?? true;
  const container = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState('');
  const [refocus, setRefocus] = useState<number | null>(null);
  const nodeName = (id: unknown) => {
    const node = rows.find((row) => row.node.id === id)?.node;
    return node ? nameOf(node) : '';
  };
  const focusActions = (id: number) =>
    container.current?.querySelector<HTMLElement>(`[data-tree-actions="${id}"]`)?.focus();

  // While dragging, a node's descendants fold into it: they move with it, and it cannot land among them.
  const shown = useMemo(() => {
    if (!drag) return rows;
    const below = descendantsOf(rows, drag.activeId);
    return rows.filter((row) => !below.has(row.node.id));
  }, [rows, drag]);
  const offset = (x: number) => (nested ? x : 0);
  const projected = drag
    ? dropPlacement(shown, drag.activeId, drag.overId, offset(drag.offsetX), INDENT)
    : null;

  // Reordering moves the row's element in the page, which takes the focus off its menu button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` changing is when the element moved
  useEffect(() => {
    if (refocus !== null) focusActions(refocus);
  }, [refocus, rows]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  function save(placement: Placement, fromKeyboard: boolean) {
    setSaid('');
    if (fromKeyboard) setRefocus(placement.id);
    props
      .onMove(placement)
      .then(
        () =>
          setSaid(
            texts.moved(
              nodeName(placement.id),
              placement.parentId === null ? null : nodeName(placement.parentId),
              placement.index + 1,
            ),
          ),
        // The screen shows why a move failed (its mutation's error).
        () => undefined,
      )
      .finally(() => {
        if (fromKeyboard)
          requestAnimationFrame(() => {
            focusActions(placement.id);
            setRefocus(null);
          });
      });
  }

  function keyboardMove(id: number, kind: KeyboardMove) {
    const placement = keyboardPlacement(rows, id, kind);
    if (placement) save(placement, true);
  }

  function onDragEnd(event: DragEndEvent) {
    const placement =
      drag && event.over
        ? dropPlacement(shown, drag.activeId, Number(event.over.id), offset(event.delta.x), INDENT)
        : null;
    setDrag(null);
    if (placement && !isStay(rows, placement)) save(placement, false);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.drag.start(nodeName(active.id)),
    onDragOver: ({ active, over }) =>
      over ? texts.drag.over(nodeName(active.id), nodeName(over.id)) : undefined,
    onDragEnd: ({ active }) => texts.drag.end(nodeName(active.id)),
    onDragCancel: ({ active }) => texts.drag.cancel(nodeName(active.id)),
  };

  return (
    <Stack gap="xs" ref={container}>
      <Text role="status" size="sm" c="dimmed" className={said ? undefined : 'visually-hidden'}>
        {said}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements, screenReaderInstructions: { draggable: texts.drag.instructions } }}
        onDragStart={({ active }: DragStartEvent) =>
          setDrag({ activeId: Number(active.id), overId: Number(active.id), offsetX: 0 })
        }
        onDragMove={({ delta }: DragMoveEvent) =>
          setDrag((now) => (now ? { ...now, offsetX: delta.x } : now))
        }
        onDragOver={({ over }: DragOverEvent) =>
          setDrag((now) => (now && over ? { ...now, overId: Number(over.id) } : now))
        }
        onDragEnd={onDragEnd}
        onDragCancel={() => setDrag(null)}
      >
        <SortableContext items={shown.map((row) => row.node.id)} strategy={verticalListSortingStrategy}>
          <Stack
            component="ul"
            gap={6}
            aria-label={texts.list}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {shown.map((row) => {
              const parent = rows.find((each) => each.node.id === row.parentId)?.node;
              return (
                <SortableTreeRow
                  key={row.node.id}
                  row={row}
                  rows={rows}
                  depth={projected && row.node.id === drag?.activeId ? projected.depth : row.depth}
                  name={nameOf(row.node)}
                  nameOf={nameOf}
                  texts={texts}
                  editable={props.editable}
                  nested={nested}
                  busy={props.busy}
                  onMove={(kind) => keyboardMove(row.node.id, kind)}
                  content={props.content(row, parent)}
                  aside={props.aside?.(row)}
                  menuBefore={props.menuBefore?.(row)}
                  menuAfter={props.menuAfter?.(row)}
                  {...(props.attributes ? { attributes: props.attributes(row) } : {})}
                />
              );
            })}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
