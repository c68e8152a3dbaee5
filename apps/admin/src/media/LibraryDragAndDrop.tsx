import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Box, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, toApiError } from '../api.js';
import { accepts, type Dragged, type DropTarget, destinationOf, dragId, dropId } from './drops.js';
import { OutlineIcon } from './KindIcon.js';
import { MediaSquare } from './MediaSquare.js';

interface Move {
  dragged: Dragged;
  target: DropTarget;
}

/**
 * The library's drag and drop, around its folder tree and its items: an item dropped on a folder
 * is filed there, a folder dropped on another goes inside it. Only the pointer drags (a finger
 * scrolls the page instead); the keyboard does the same with an item's Folder field and a folder's
 * "Rename or move". Says what moved, or the server's reason it did not.
 */
export function LibraryDragAndDrop({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [said, setSaid] = useState('');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const nameOf = (what: Dragged) => (what.kind === 'media' ? what.name : what.folder.name);
  const placeOf = (target: DropTarget) =>
    target.kind === 'folder'
      ? target.folder.name
      : target.kind === 'unfiled'
        ? t('media.folders.none')
        : t('media.tree.all');
  const doneText = ({ dragged: moved, target }: Move) => {
    const name = nameOf(moved);
    if (moved.kind === 'media')
      return target.kind === 'folder'
        ? t('media.move.moved', { name, target: target.folder.name })
        : t('media.move.movedOut', { name });
    return target.kind === 'folder'
      ? t('media.move.folderMoved', { name, target: target.folder.name })
      : t('media.move.folderTop', { name });
  };

  const move = useMutation({
    mutationFn: async ({ dragged: moved, target }: Move) => {
      if (moved.kind === 'media')
        await data(
          api.PUT('/api/media/{id}', {
            params: { path: { id: moved.media.id } },
            body: { folder_id: destinationOf(target) },
          }),
        );
      else
        await data(
          api.PUT('/api/media/folders/{id}', {
            params: { path: { id: moved.folder.id } },
            body: { parent_id: destinationOf(target) },
          }),
        );
    },
    onMutate: () => setSaid(''),
    onSuccess: (_, done) => {
      setSaid(doneText(done));
      return client.invalidateQueries({ queryKey: ['media'] });
    },
  });

  const draggedOf = (data: unknown) => (data as { dragged?: Dragged } | undefined)?.dragged;
  const targetOf = (data: unknown) => (data as { target?: DropTarget } | undefined)?.target;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const what = draggedOf(active.data.current);
      return what ? t('media.move.start', { name: nameOf(what) }) : undefined;
    },
    onDragOver: ({ active, over }) => {
      const what = draggedOf(active.data.current);
      const where = targetOf(over?.data.current);
      if (!what) return undefined;
      return where
        ? t('media.move.over', { name: nameOf(what), target: placeOf(where) })
        : t('media.move.outside', { name: nameOf(what) });
    },
    onDragEnd: ({ active }) => {
      const what = draggedOf(active.data.current);
      return what ? t('media.move.end', { name: nameOf(what) }) : undefined;
    },
    onDragCancel: ({ active }) => {
      const what = draggedOf(active.data.current);
      return what ? t('media.move.cancel', { name: nameOf(what) }) : undefined;
    },
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const what = draggedOf(active.data.current);
    const where = targetOf(over?.data.current);
    if (what && where && accepts(what, where)) move.mutate({ dragged: what, target: where });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('media.move.instructions') },
      }}
      onDragStart={({ active }: DragStartEvent) => setDragged(draggedOf(active.data.current) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <Text role="status" size="sm" className={said ? undefined : 'visually-hidden'}>
        {said}
      </Text>
      {move.error ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('media.move.dismiss')}
          onClose={() => move.reset()}
          mb="sm"
        >
          {toApiError(move.error).message}
        </Alert>
      ) : null}
      {children}
      <DragOverlay dropAnimation={null}>{dragged ? <DraggedCard dragged={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}

/** What follows the pointer: the item's thumbnail and name, or the folder's name. */
function DraggedCard({ dragged }: { dragged: Dragged }) {
  return (
    <Paper withBorder shadow="md" p={6} radius="md" maw={260} style={{ cursor: 'grabbing' }}>
      <Group gap="xs" wrap="nowrap">
        {dragged.kind === 'media' ? (
          <Box w={36} miw={36} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
            <MediaSquare media={dragged.media} size={36} />
          </Box>
        ) : (
          <FolderIcon />
        )}
        <Text size="sm" truncate>
          {dragged.kind === 'media' ? dragged.name : dragged.folder.name}
        </Text>
      </Group>
    </Paper>
  );
}

const FOLDER = [
  'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z',
];

/** A folder's outline; decorative, its name is beside it. */
export function FolderIcon({ size = 18 }: { size?: number }) {
  return <OutlineIcon paths={FOLDER} size={size} strokeWidth={1.6} />;
}

/**
 * The pointer's hold on an item or a folder, for its element: dragged by any part of it once the
 * pointer travels a few pixels, so a click still opens it. No keyboard role is added: the
 * element keeps its own (a button), and the keyboard moves things another way.
 */
export function useLibraryDrag(dragged: Dragged, enabled: boolean) {
  const drag = useDraggable({ id: dragId(dragged), data: { dragged }, disabled: !enabled });
  return {
    ref: drag.setNodeRef,
    listeners: enabled ? drag.listeners : undefined,
    dragging: drag.isDragging,
  };
}

/** A place things land: `accepting` while what is dragged may go there, `over` while it is above. */
export function useLibraryDrop(target: DropTarget) {
  const drop = useDroppable({ id: dropId(target), data: { target } });
  const dragged = (drop.active?.data.current as { dragged?: Dragged } | undefined)?.dragged;
  const accepting = dragged ? accepts(dragged, target) : false;
  return { ref: drop.setNodeRef, accepting, over: drop.isOver && accepting };
}
