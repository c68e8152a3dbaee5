import type { Term } from './queries.js';

/** Pixels of horizontal drag, and of indentation, per level of the tree. */
export const INDENT = 28;

/** A term in the tree as shown: one row of a flat list, indented by its depth. */
export interface TreeRow {
  term: Term;
  depth: number;
  parentId: number | null;
}

/** Where a term goes: under `parentId` (null: the top), at `index` among its new siblings. */
export interface Placement {
  id: number;
  parentId: number | null;
  index: number;
}

/** One PUT of a term: only what changes. */
export interface TermChange {
  id: number;
  parent_id?: number | null;
  position?: number;
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

/**
 * The terms depth first, siblings in the server's order. A term whose parent is missing (it cannot
 * be, but a list is only as good as its last fetch) shows at the top rather than not at all.
 */
export function flatten(terms: readonly Term[]): TreeRow[] {
  const known = new Set(terms.map((term) => term.id));
  const children = new Map<number | null, Term[]>();
  for (const term of terms) {
    const parent = term.parent_id !== null && known.has(term.parent_id) ? term.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), term]);
  }
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parentId: number | null, depth: number) => {
    for (const term of children.get(parentId) ?? []) {
      if (seen.has(term.id)) continue;
      seen.add(term.id);
      rows.push({ term, depth, parentId });
      walk(term.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** Ids of a term's children, grandchildren and so on: they travel with it. */
export function descendantsOf(rows: readonly TreeRow[], id: number): Set<number> {
  const below = new Set<number>();
  for (const row of rows)
    if (row.parentId !== null && (row.parentId === id || below.has(row.parentId))) below.add(row.term.id);
  return below;
}

function siblingsOf(rows: readonly TreeRow[], parentId: number | null): TreeRow[] {
  return rows.filter((row) => row.parentId === parentId);
}

/** Where a menu move sends a term, or null when it cannot go that way. */
export function keyboardPlacement(
  rows: readonly TreeRow[],
  id: number,
  move: KeyboardMove,
): Placement | null {
  const row = rows.find((each) => each.term.id === id);
  if (!row) return null;
  const siblings = siblingsOf(rows, row.parentId);
  const at = siblings.indexOf(row);
  switch (move) {
    case 'up':
      return at > 0 ? { id, parentId: row.parentId, index: at - 1 } : null;
    case 'down':
      return at < siblings.length - 1 ? { id, parentId: row.parentId, index: at + 1 } : null;
    case 'indent': {
      const previous = siblings[at - 1];
      if (!previous) return null;
      return { id, parentId: previous.term.id, index: siblingsOf(rows, previous.term.id).length };
    }
    case 'outdent': {
      const parent = rows.find((each) => each.term.id === row.parentId);
      if (!parent) return null;
      return { id, parentId: parent.parentId, index: siblingsOf(rows, parent.parentId).indexOf(parent) + 1 };
    }
  }
}

/**
 * The PUTs that make a placement true: the term's parent, and positions 0, 1, 2... for its new
 * siblings in their new order (terms made elsewhere often share position 0 and sort by name, so
 * every sibling gets an explicit one). The moved term comes first.
 */
export function changesFor(terms: readonly Term[], placement: Placement): TermChange[] {
  const moved = terms.find((term) => term.id === placement.id);
  if (!moved) return [];
  const siblings = terms.filter((term) => term.parent_id === placement.parentId && term.id !== moved.id);
  siblings.splice(Math.min(placement.index, siblings.length), 0, moved);
  const changes: TermChange[] = [];
  siblings.forEach((term, position) => {
    const change: TermChange = { id: term.id };
    if (term.id === moved.id && term.parent_id !== placement.parentId) change.parent_id = placement.parentId;
    if (term.position !== position || change.parent_id !== undefined) change.position = position;
    if (Object.keys(change).length > 1) changes.push(change);
  });
  return changes.sort((a, b) => Number(b.id === moved.id) - Number(a.id === moved.id));
}

/** The terms as they will be once the changes are saved, in the server's order: shown while saving. */
export function applyChanges(terms: readonly Term[], changes: readonly TermChange[]): Term[] {
  const byId = new Map(changes.map((change) => [change.id, change]));
  return terms
    .map((term) => ({ ...term, ...byId.get(term.id) }))
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * Where a dragged term would land (dnd-kit's sortable tree): above the row it is over, as deep as
 * the pointer's horizontal travel says (one level per `indent` pixels), within what the rows around
 * allow — at most one deeper than the row above, at least as deep as the row below. `rows` leaves
 * out the dragged term's descendants, which move with it.
 */
export function dropPlacement(
  rows: readonly TreeRow[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
): Placement & { depth: number } {
  const from = rows.findIndex((row) => row.term.id === activeId);
  const to = rows.findIndex((row) => row.term.id === overId);
  const active = rows[from];
  if (!active || to < 0) return { id: activeId, parentId: active?.parentId ?? null, index: 0, depth: 0 };
  const moved = [...rows];
  moved.splice(to, 0, ...moved.splice(from, 1));
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const max = previous ? previous.depth + 1 : 0;
  const min = next ? next.depth : 0;
  const depth = Math.min(Math.max(active.depth + Math.round(offsetX / indent), min), max);
  let parentId: number | null = null;
  if (previous && depth > 0) {
    if (depth === previous.depth) parentId = previous.parentId;
    else if (depth > previous.depth) parentId = previous.term.id;
    else
      parentId =
        moved
          .slice(0, to)
          .reverse()
          .find((row) => row.depth === depth)?.parentId ?? null;
  }
  const index = moved.slice(0, to).filter((row) => row.parentId === parentId).length;
  return { id: activeId, parentId, index, depth };
}
