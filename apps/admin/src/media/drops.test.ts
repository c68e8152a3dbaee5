import { describe, expect, it } from 'vitest';
import { accepts, type Dragged, destinationOf, subtreeOf } from './drops.js';
import type { FlatFolder, Media } from './model.js';

const folder = (id: number, parentId: number | null, depth = 0): FlatFolder => ({
  id,
  name: `Folder ${id}`,
  parentId,
  depth,
  mediaCount: 0,
});
// Harbour (1) holding Boats (2) holding Sails (3); Docks (4) beside it.
const folders = [folder(1, null), folder(2, 1, 1), folder(3, 2, 2), folder(4, null)];
const [harbour, boats, sails, docks] = folders as [FlatFolder, FlatFolder, FlatFolder, FlatFolder];
const item = (folder_id: number | null): Dragged => ({
  kind: 'media',
  media: { id: 9, folder_id } as Media,
  name: 'boat.png',
});
const dragging = (moved: FlatFolder): Dragged => ({
  kind: 'folder',
  folder: moved,
  subtree: subtreeOf(folders, moved.id),
});

describe('dropping in the media library', () => {
  it('files an item into another folder, or out of every folder', () => {
    expect(accepts(item(null), { kind: 'folder', folder: harbour })).toBe(true);
    expect(accepts(item(1), { kind: 'folder', folder: harbour })).toBe(false);
    expect(accepts(item(1), { kind: 'unfiled' })).toBe(true);
    expect(accepts(item(null), { kind: 'unfiled' })).toBe(false);
    // "All media" is no place an item can be put.
    expect(accepts(item(1), { kind: 'top' })).toBe(false);
  });

  it('puts a folder inside another, never inside itself or what it holds', () => {
    expect([...subtreeOf(folders, 1)]).toEqual([1, 2, 3]);
    expect(accepts(dragging(boats), { kind: 'folder', folder: docks })).toBe(true);
    expect(accepts(dragging(harbour), { kind: 'folder', folder: sails })).toBe(false);
    expect(accepts(dragging(harbour), { kind: 'folder', folder: harbour })).toBe(false);
    // Already its parent: nothing would change.
    expect(accepts(dragging(boats), { kind: 'folder', folder: harbour })).toBe(false);
    expect(accepts(dragging(boats), { kind: 'top' })).toBe(true);
    expect(accepts(dragging(docks), { kind: 'top' })).toBe(false);
    expect(accepts(dragging(boats), { kind: 'unfiled' })).toBe(false);
  });

  it('tells the API the folder, or none', () => {
    expect(destinationOf({ kind: 'folder', folder: docks })).toBe(4);
    expect(destinationOf({ kind: 'unfiled' })).toBeNull();
    expect(destinationOf({ kind: 'top' })).toBeNull();
  });
});
