import { describe, expect, it } from 'vitest';
import { descendantsOf, dropPlacement, flatten, isStay, keyboardPlacement, type TreeNode } from './tree.js';

interface Named extends TreeNode {
  name: string;
}

const node = (id: number, name: string, parent_id: number | null = null): Named => ({ id, name, parent_id });

// Boats (Sails, Engines), Docks; in the order given.
const nodes = [node(1, 'Boats'), node(4, 'Docks'), node(2, 'Sails', 1), node(3, 'Engines', 1)];
const names = (rows: ReturnType<typeof flatten<Named>>) =>
  rows.map((row) => `${'-'.repeat(row.depth)}${row.node.name}`);

describe('a sortable tree', () => {
  it('lists nodes depth first, siblings in the order given', () => {
    expect(names(flatten(nodes))).toEqual(['Boats', '-Sails', '-Engines', 'Docks']);
    expect([...descendantsOf(flatten(nodes), 1)]).toEqual([2, 3]);
    // A node whose parent is gone shows at the top.
    expect(names(flatten([node(5, 'Lost', 99)]))).toEqual(['Lost']);
  });

  it('moves from the keyboard only where a move exists', () => {
    const rows = flatten(nodes);
    expect(keyboardPlacement(rows, 2, 'up')).toBeNull();
    expect(keyboardPlacement(rows, 2, 'down')).toEqual({ id: 2, parentId: 1, index: 1 });
    expect(keyboardPlacement(rows, 3, 'indent')).toEqual({ id: 3, parentId: 2, index: 0 });
    expect(keyboardPlacement(rows, 1, 'indent')).toBeNull();
    expect(keyboardPlacement(rows, 2, 'outdent')).toEqual({ id: 2, parentId: null, index: 1 });
    expect(keyboardPlacement(rows, 4, 'outdent')).toBeNull();
    expect(isStay(rows, { id: 2, parentId: 1, index: 0 })).toBe(true);
    expect(isStay(rows, { id: 2, parentId: 1, index: 1 })).toBe(false);
  });

  it('places a dragged node by the row it is over and by how far right it went', () => {
    const rows = flatten(nodes).filter((row) => row.node.id !== 2 && row.node.id !== 3);
    // Docks dragged onto Boats' place, straight up: first at the top.
    expect(dropPlacement(rows, 4, 1, 0, 28)).toMatchObject({ parentId: null, index: 0, depth: 0 });
    // Docks kept below Boats and dragged right: under Boats, at its end.
    const all = flatten(nodes);
    expect(dropPlacement(all, 4, 4, 40, 28)).toMatchObject({ parentId: 1, index: 2, depth: 1 });
    // Sails dragged left in place: it cannot leave Boats while Engines follows it there.
    expect(dropPlacement(all, 2, 2, -60, 28)).toMatchObject({ parentId: 1, index: 0, depth: 1 });
    // Dragged left below Engines, it can: to the top level, after Boats.
    expect(dropPlacement(all, 2, 3, -60, 28)).toMatchObject({ parentId: null, index: 1, depth: 0 });
    // Engines dragged far left: back to the top level, after Boats.
    expect(dropPlacement(all, 3, 3, -60, 28)).toMatchObject({ parentId: null, index: 1, depth: 0 });
  });
});
