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
import { Alert, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';
import { useTermMove } from './moves.js';
import type { TaxonomyLabels, Term } from './queries.js';
import { TermTreeRow } from './TermTreeRow.js';
import {
  descendantsOf,
  dropPlacement,
  flatten,
  INDENT,
  type KeyboardMove,
  keyboardPlacement,
  type Placement,
} from './tree.js';

interface Drag {
  activeId: number;
  overId: number;
  offsetX: number;
}

/**
 * A hierarchical taxonomy's terms as a tree. The mouse (or a finger) drags a row by its handle: up
 * or down to reorder, right or left to nest under the row above or come out of its parent, the row
 * showing where it will land. The keyboard does the same from each row's menu (move up, move down,
 * indent, outdent). Each move is saved at once and the tree fetched again.
 */
export function TermTree(props: {
  taxonomy: string;
  terms: Term[];
  canManage: boolean;
  labels: TaxonomyLabels;
  onEdit: (term: Term) => void;
  onDelete: (term: Term) => void;
}) {
  const { t } = useTranslation();
  const move = useTermMove(props.taxonomy);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState('');
  const [refocus, setRefocus] = useState<number | null>(null);
  const rows = useMemo(() => flatten(props.terms), [props.terms]);
  const nameOf = (id: unknown) => rows.find((row) => row.term.id === id)?.term.name ?? '';

  // While dragging, a term's descendants fold into it: they move with it, and it cannot land among them.
  const shown = useMemo(() => {
    if (!drag) return rows;
    const below = descendantsOf(rows, drag.activeId);
    return rows.filter((row) => !below.has(row.term.id));
  }, [rows, drag]);
  const projected = drag ? dropPlacement(shown, drag.activeId, drag.overId, drag.offsetX, INDENT) : null;

  // Reordering moves the row's element in the page, which takes the focus off its menu button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` changing is when the element moved
  useEffect(() => {
    if (refocus === null) return;
    document.querySelector<HTMLElement>(`[data-term-actions="${refocus}"]`)?.focus();
  }, [refocus, rows]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  function describe(placement: Placement): string {
    const name = nameOf(placement.id);
    return placement.parentId === null
      ? t('taxonomies.movedTop', { name, position: placement.index + 1 })
      : t('taxonomies.movedUnder', {
          name,
          parent: nameOf(placement.parentId),
          position: placement.index + 1,
        });
  }

  function save(placement: Placement, fromKeyboard: boolean) {
    setSaid('');
    if (fromKeyboard) setRefocus(placement.id);
    move.mutate(placement, {
      onSuccess: () => setSaid(describe(placement)),
      onSettled: () => {
        if (fromKeyboard)
          requestAnimationFrame(() => {
            document.querySelector<HTMLElement>(`[data-term-actions="${placement.id}"]`)?.focus();
            setRefocus(null);
          });
      },
    });
  }

  function keyboardMove(id: number, kind: KeyboardMove) {
    const placement = keyboardPlacement(rows, id, kind);
    if (placement) save(placement, true);
  }

  function onDragEnd(event: DragEndEvent) {
    const placement =
      drag && event.over
        ? dropPlacement(shown, drag.activeId, Number(event.over.id), event.delta.x, INDENT)
        : null;
    setDrag(null);
    if (!placement) return;
    const row = rows.find((each) => each.term.id === placement.id);
    if (!row) return;
    const before = rows.filter((each) => each.parentId === row.parentId).indexOf(row);
    if (row.parentId === placement.parentId && before === placement.index) return;
    save(placement, false);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('taxonomies.drag.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('taxonomies.drag.over', { name: nameOf(active.id), over: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active }) => t('taxonomies.drag.end', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('taxonomies.drag.cancel', { name: nameOf(active.id) }),
  };

  return (
    <Stack gap="xs">
      {move.error ? (
        <Alert color="red" role="alert" title={t('taxonomies.moveFailed')}>
          {toApiError(move.error).message}
        </Alert>
      ) : null}
      <Text role="status" size="sm" c="dimmed" className={said ? undefined : 'visually-hidden'}>
        {said}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('taxonomies.drag.instructions') },
        }}
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
        <SortableContext items={shown.map((row) => row.term.id)} strategy={verticalListSortingStrategy}>
          <Stack
            component="ul"
            gap={6}
            aria-label={props.labels.plural}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {shown.map((row) => (
              <TermTreeRow
                key={row.term.id}
                row={row}
                rows={rows}
                depth={projected && row.term.id === drag?.activeId ? projected.depth : row.depth}
                canManage={props.canManage}
                taxonomy={props.taxonomy}
                busy={move.isPending}
                onMove={(kind) => keyboardMove(row.term.id, kind)}
                onEdit={() => props.onEdit(row.term)}
                onDelete={() => props.onDelete(row.term)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
