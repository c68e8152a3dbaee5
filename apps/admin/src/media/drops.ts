import type { FlatFolder, Media } from './model.js';

/**
 * What can be dragged in the library and where it can land: an item onto a folder (filed there)
 * or onto "not in a folder" (taken out); a folder onto another (put inside it) or onto "all
 * media" (the top level). Pure, so the rules are tested without a pointer.
 */
export type Dragged =
  | { kind: 'media'; media: Media; name: string }
  /** `subtree`: the folder and everything under it, where it cannot go. */
  | { kind: 'folder'; folder: FlatFolder; subtree: ReadonlySet<number> };

export type DropTarget = { kind: 'folder'; folder: FlatFolder } | { kind: 'unfiled' } | { kind: 'top' };

/** Whether dropping there changes something the server would accept. */
export function accepts(dragged: Dragged, target: DropTarget): boolean {
  if (dragged.kind === 'media') {
    if (target.kind === 'folder') return dragged.media.folder_id !== target.folder.id;
    return target.kind === 'unfiled' && dragged.media.folder_id !== null;
  }
  if (target.kind === 'folder')
    return !dragged.subtree.has(target.folder.id) && dragged.folder.parentId !== target.folder.id;
  return target.kind === 'top' && dragged.folder.parentId !== null;
}

/** The folder and every folder under it, from the flat tree (parents come before their children). */
export function subtreeOf(folders: readonly FlatFolder[], id: number): Set<number> {
  const ids = new Set([id]);
  for (const folder of folders) if (folder.parentId !== null && ids.has(folder.parentId)) ids.add(folder.id);
  return ids;
}

/** The API's change for a drop: the item's folder, or the folder's parent (null: none, the top). */
export function destinationOf(target: DropTarget): number | null {
  return target.kind === 'folder' ? target.folder.id : null;
}

/** Drag and drop ids: one namespace for items, folders and the places they land. */
export const dragId = (dragged: Dragged): string =>
  dragged.kind === 'media' ? `media:${dragged.media.id}` : `folder:${dragged.folder.id}`;
export const dropId = (target: DropTarget): string =>
  target.kind === 'folder' ? `into:${target.folder.id}` : `into:${target.kind}`;
