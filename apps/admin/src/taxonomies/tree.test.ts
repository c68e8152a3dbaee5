import { describe, expect, it } from 'vitest';
import type { Term } from './queries.js';
import {
  applyChanges,
  changesFor,
  descendantsOf,
  dropPlacement,
  flatten,
  keyboardPlacement,
} from './tree.js';

function term(id: number, name: string, parent_id: number | null = null, position = 0): Term {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    id,
    name,
    parent_id,
    position,
    taxonomy: 'category',
    slug: name.toLowerCase(),
    description: '',
    count: 0,
    created_at: at,
    updated_at: at,
  };
}

// Boats (Sails, Engines), Docks; in the server's order (position, name).
const terms = [
  term(1, 'Boats', null, 0),
  term(4, 'Docks', null, 1),
  term(2, 'Sails', 1, 0),
  term(3, 'Engines', 1, 1),
];
const names = (rows: ReturnType<typeof flatten>) =>
  rows.map((row) => `${'-'.repeat(row.depth)}${row.term.name}`);

describe('the terms tree', () => {
  it('lists terms depth first, siblings in the server order', () => {
    expect(names(flatten(terms))).toEqual(['Boats', '-Sails', '-Engines', 'Docks']);
    expect([...descendantsOf(flatten(terms), 1)]).toEqual([2, 3]);
  });

  it('moves from the keyboard only where a move exists', () => {
    const rows = flatten(terms);
    expect(keyboardPlacement(rows, 2, 'up')).toBeNull();
    expect(keyboardPlacement(rows, 2, 'down')).toEqual({ id: 2, parentId: 1, index: 1 });
    expect(keyboardPlacement(rows, 3, 'indent')).toEqual({ id: 3, parentId: 2, index: 0 });
    expect(keyboardPlacement(rows, 1, 'indent')).toBeNull();
    expect(keyboardPlacement(rows, 2, 'outdent')).toEqual({ id: 2, parentId: null, index: 1 });
    expect(keyboardPlacement(rows, 4, 'outdent')).toBeNull();
  });

  it('renumbers the new siblings and changes the parent of the moved term only', () => {
    const changes = changesFor(terms, { id: 4, parentId: 1, index: 1 });
    expect(changes).toEqual([
      { id: 4, parent_id: 1, position: 1 },
      { id: 3, position: 2 },
    ]);
    expect(names(flatten(applyChanges(terms, changes)))).toEqual(['Boats', '-Sails', '-Docks', '-Engines']);
    expect(changesFor(terms, { id: 2, parentId: 1, index: 0 })).toEqual([]);
  });

  it('places a dragged term by the row it is over and by how far right it went', () => {
    const rows = flatten(terms).filter((row) => row.term.id !== 2 && row.term.id !== 3);
    // Docks dragged onto Boats' place, straight up: first at the top.
    expect(dropPlacement(rows, 4, 1, 0, 28)).toMatchObject({ parentId: null, index: 0, depth: 0 });
    // Docks kept below Boats and dragged right: under Boats, at its end.
    const all = flatten(terms);
    expect(dropPlacement(all, 4, 4, 40, 28)).toMatchObject({ parentId: 1, index: 2, depth: 1 });
    // Sails dragged left in place: it cannot leave Boats while Engines follows it there.
    expect(dropPlacement(all, 2, 2, -60, 28)).toMatchObject({ parentId: 1, index: 0, depth: 1 });
    // Dragged left below Engines, it can: to the top level, after Boats.
    expect(dropPlacement(all, 2, 3, -60, 28)).toMatchObject({ parentId: null, index: 1, depth: 0 });
    // Engines dragged far left: back to the top level, after Boats.
    expect(dropPlacement(all, 3, 3, -60, 28)).toMatchObject({ parentId: null, index: 1, depth: 0 });
  });
});
