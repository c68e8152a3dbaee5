import { describe, expect, it } from 'vitest';
import { flatten } from '../shell/tree.js';
import type { Term } from './queries.js';
import { applyChanges, changesFor } from './tree.js';

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
const names = (rows: ReturnType<typeof flatten<Term>>) =>
  rows.map((row) => `${'-'.repeat(row.depth)}${row.node.name}`);

describe('the terms tree', () => {
  it('renumbers the new siblings and changes the parent of the moved term only', () => {
    const changes = changesFor(terms, { id: 4, parentId: 1, index: 1 });
    expect(changes).toEqual([
      { id: 4, parent_id: 1, position: 1 },
      { id: 3, position: 2 },
    ]);
    expect(names(flatten(applyChanges(terms, changes)))).toEqual(['Boats', '-Sails', '-Docks', '-Engines']);
    expect(changesFor(terms, { id: 2, parentId: 1, index: 0 })).toEqual([]);
  });
});
