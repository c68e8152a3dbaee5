/** A term tree's moves as the taxonomy API takes them (the tree itself is shell/tree.ts). */
import type { Placement } from '../shell/tree.js';
import type { Term } from './queries.js';

/** One PUT of a term: only what changes. */
export interface TermChange {
  id: number;
  parent_id?: number | null;
  position?: number;
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
