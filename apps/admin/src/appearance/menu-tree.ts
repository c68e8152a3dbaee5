import { flatten, type Placement, type TreeRow } from '../shell/tree.js';
import type { MenuItem } from './queries.js';

/** An item's place, as PUT /api/menus/{id}/items takes every one of them. */
export interface ItemPlace {
  id: number;
  parent_id: number | null;
  position: number;
}

/** The menu's nested items as the rows of a sortable tree, depth first, in their order. */
export function menuRows(items: readonly MenuItem[]): TreeRow<MenuItem>[] {
  const flat: MenuItem[] = [];
  const walk = (level: readonly MenuItem[]) => {
    for (const item of level) {
      flat.push(item);
      walk(item.children);
    }
  };
  walk(items);
  return flatten(flat);
}

/**
 * Every item's parent and position once `placement` is made: the moved item (its sub-items with it)
 * among its new siblings, and each level numbered 0, 1, 2... again.
 */
export function placesAfter(rows: readonly TreeRow<MenuItem>[], placement: Placement): ItemPlace[] {
  const children = new Map<number | null, number[]>();
  for (const row of rows) {
    if (row.node.id === placement.id) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.node.id]);
  }
  const siblings = children.get(placement.parentId) ?? [];
  siblings.splice(Math.min(placement.index, siblings.length), 0, placement.id);
  children.set(placement.parentId, siblings);
  return [...children.entries()].flatMap(([parent_id, ids]) =>
    ids.map((id, position) => ({ id, parent_id, position })),
  );
}

/** The items nested again after a change of places: what the tree shows while the change is saved. */
export function itemsAfter(rows: readonly TreeRow<MenuItem>[], places: readonly ItemPlace[]): MenuItem[] {
  const byId = new Map(rows.map((row) => [row.node.id, row.node]));
  const level = (parent: number | null): MenuItem[] =>
    places
      .filter((place) => place.parent_id === parent)
      .sort((a, b) => a.position - b.position)
      .flatMap((place) => {
        const item = byId.get(place.id);
        return item ? [{ ...item, ...place, children: level(place.id) }] : [];
      });
  return level(null);
}

/** How many items a menu holds, at every depth. */
export function countItems(items: readonly MenuItem[]): number {
  return items.reduce((sum, item) => sum + 1 + countItems(item.children), 0);
}
