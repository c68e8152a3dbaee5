import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Collapse,
  Group,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pending } from '../shell/Shell.js';
import { type DropTarget, subtreeOf } from './drops.js';
import { OutlineIcon } from './KindIcon.js';
import { FolderIcon, useLibraryDrag, useLibraryDrop } from './LibraryDragAndDrop.js';
import type { FlatFolder } from './model.js';

/** What the library shows: every folder (null), what is in none, or one folder. */
export type FolderChoice = number | 'none' | null;

interface TreeProps {
  folders: readonly FlatFolder[];
  chosen: FolderChoice;
  onChoose: (folder: FolderChoice) => void;
  /** Folders may be dragged into one another (media.edit). */
  movable: boolean;
}

/**
 * The library's folders as a tree beside the items: "All media", "Not in a folder", then the
 * folders nested as the server keeps them, each a button that shows its media and a place to drop
 * items and folders on. A folder's subfolders fold away. On a phone the tree folds under one button
 * naming the folder shown. `children` go below it (the folder actions).
 */
export function FolderTree(
  props: TreeProps & {
    state: { isPending: boolean; error: unknown; retry: () => void };
    subfolders: boolean;
    onSubfolders: (value: boolean) => void;
    children?: ReactNode;
  },
) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [unfolded, setUnfolded] = useState(false);
  const chosenFolder =
    typeof props.chosen === 'number' ? props.folders.find((folder) => folder.id === props.chosen) : undefined;
  const chosenName = chosenFolder
    ? chosenFolder.name
    : props.chosen === 'none'
      ? t('media.folders.none')
      : t('media.tree.all');
  const holdsFolders = chosenFolder && props.folders.some((folder) => folder.parentId === chosenFolder.id);

  const tree = (
    <Stack gap="sm">
      {props.state.error ? (
        <Pending error={props.state.error} retry={props.state.retry} />
      ) : props.state.isPending ? (
        <Pending />
      ) : (
        <Folders {...props} />
      )}
      {holdsFolders ? (
        <Checkbox
          label={t('media.tree.subfolders')}
          checked={props.subfolders}
          onChange={(event) => props.onSubfolders(event.currentTarget.checked)}
        />
      ) : null}
      {props.children}
    </Stack>
  );

  return (
    <Box component="section" aria-labelledby="media-folders-heading">
      {narrow ? (
        <>
          <Title order={2} id="media-folders-heading" className="visually-hidden">
            {t('media.tree.heading')}
          </Title>
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            aria-expanded={unfolded}
            aria-controls="media-folder-tree"
            onClick={() => setUnfolded((now) => !now)}
            rightSection={<Chevron open={unfolded} />}
          >
            <Text span truncate size="sm">
              {t('media.tree.toggle', { name: chosenName })}
            </Text>
          </Button>
          <Collapse expanded={unfolded} id="media-folder-tree" keepMounted={false}>
            <Box pt="sm">{tree}</Box>
          </Collapse>
        </>
      ) : (
        <Stack gap="xs">
          <Title order={2} size="h5" id="media-folders-heading">
            {t('media.tree.heading')}
          </Title>
          {tree}
        </Stack>
      )}
    </Box>
  );
}

/** The two places every library has, then the folders. */
function Folders(props: TreeProps) {
  const { t } = useTranslation();
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setFolded((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const childrenOf = (parentId: number | null) =>
    props.folders.filter((folder) => folder.parentId === parentId);

  const list = { listStyle: 'none', margin: 0, padding: 0 };
  const item = (folder: FlatFolder, depth: number): ReactNode => {
    const inside = childrenOf(folder.id);
    const open = inside.length > 0 && !folded.has(folder.id);
    return (
      <li key={folder.id}>
        <FolderRow
          {...props}
          folder={folder}
          depth={depth}
          fold={inside.length > 0 ? { open, toggle: () => toggle(folder.id) } : null}
        />
        {open ? (
          <Stack component="ul" gap={2} style={list}>
            {inside.map((child) => item(child, depth + 1))}
          </Stack>
        ) : null}
      </li>
    );
  };

  return (
    <Stack gap={2}>
      <Stack component="ul" gap={2} aria-label={t('media.tree.heading')} style={list}>
        <li>
          <Place
            target={{ kind: 'top' }}
            label={t('media.tree.all')}
            chosen={props.chosen === null}
            onChoose={() => props.onChoose(null)}
            depth={0}
          />
        </li>
        <li>
          <Place
            target={{ kind: 'unfiled' }}
            label={t('media.folders.none')}
            chosen={props.chosen === 'none'}
            onChoose={() => props.onChoose('none')}
            depth={0}
          />
        </li>
        {childrenOf(null).map((folder) => item(folder, 0))}
      </Stack>
      {props.folders.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs">
          {t('media.tree.empty')}
        </Text>
      ) : null}
    </Stack>
  );
}

function FolderRow(
  props: TreeProps & {
    folder: FlatFolder;
    depth: number;
    fold: { open: boolean; toggle: () => void } | null;
  },
) {
  const { t } = useTranslation();
  const { folder } = props;
  const drag = useLibraryDrag(
    { kind: 'folder', folder, subtree: subtreeOf(props.folders, folder.id) },
    props.movable,
  );
  return (
    <Place
      target={{ kind: 'folder', folder }}
      label={folder.name}
      count={folder.mediaCount}
      chosen={props.chosen === folder.id}
      onChoose={() => props.onChoose(folder.id)}
      depth={props.depth}
      drag={drag}
      before={
        props.fold ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-expanded={props.fold.open}
            aria-label={t(props.fold.open ? 'media.tree.collapse' : 'media.tree.expand', {
              name: folder.name,
            })}
            onClick={props.fold.toggle}
          >
            <Chevron open={props.fold.open} sideways />
          </ActionIcon>
        ) : null
      }
    />
  );
}

/** One row of the tree: a button to show what is there, and a place to drop things on. */
function Place(props: {
  target: DropTarget;
  label: string;
  count?: number;
  chosen: boolean;
  onChoose: () => void;
  depth: number;
  before?: ReactNode;
  drag?: ReturnType<typeof useLibraryDrag>;
}) {
  const { t } = useTranslation();
  const drop = useLibraryDrop(props.target);
  const icon = props.target.kind === 'folder';
  return (
    <Group
      ref={drop.ref}
      gap={4}
      wrap="nowrap"
      pl={props.depth * 16}
      data-drop={drop.over ? 'over' : drop.accepting ? 'accepting' : undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        outline: drop.over
          ? '2px solid var(--mantine-primary-color-filled)'
          : drop.accepting
            ? '1px dashed var(--mantine-primary-color-filled)'
            : undefined,
        background: props.chosen || drop.over ? 'var(--mantine-primary-color-light)' : undefined,
        opacity: props.drag?.dragging ? 0.5 : undefined,
      }}
    >
      {/* Rows line up whether or not they fold. */}
      {props.before ?? <Box w={22} miw={22} />}
      <UnstyledButton
        ref={props.drag?.ref}
        {...props.drag?.listeners}
        onClick={props.onChoose}
        aria-current={props.chosen ? 'true' : undefined}
        px={6}
        py={4}
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap={6} wrap="nowrap">
          {icon ? <FolderIcon /> : null}
          <Text size="sm" fw={props.chosen ? 700 : 400} truncate style={{ flex: 1 }}>
            {props.label}
          </Text>
          {props.count !== undefined ? (
            <>
              <Text span size="xs" aria-hidden>
                {props.count}
              </Text>
              <span className="visually-hidden">{t('media.count', { count: props.count })}</span>
            </>
          ) : null}
        </Group>
      </UnstyledButton>
    </Group>
  );
}

/** A small arrow: a fold points right when closed and down when open; a drop-down, down then up. */
function Chevron({ open, sideways }: { open: boolean; sideways?: boolean }) {
  const turn = sideways ? (open ? 0 : -90) : open ? 180 : 0;
  return (
    <OutlineIcon
      paths={['M6 9l6 6 6-6']}
      size={14}
      strokeWidth={2}
      style={{ transform: `rotate(${turn}deg)` }}
    />
  );
}
