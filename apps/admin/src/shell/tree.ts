/**
 * A sortable tree's arithmetic, for any nodes that name their parent (terms of a category tree,
 * items of a menu): the flat list of rows a screen shows, and where a move by keyboard or by drag
 * sends a node. Pure: the screens' own code turns a placement into API calls.
 */

/** Pixels of horizontal drag, and of indentation, per level of the tree. */
export const INDENT = 28;

/** What the tree needs of a node. */
export interface TreeNode {
  id: number;
  parent_id: number | null;
}

/** A node as shown: one row of a flat list, indented by its depth. */
export interface TreeRow<T extends TreeNode = TreeNode> {
  node: T;
  depth: number;
  parentId: number | null;
}

/** Where a node goes: under `parentId` (null: the top), at `index` among its new siblings. */
export interface Placement {
  id: number;
  parentId: number | null;
  index: number;
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

/**
 * The nodes depth first, siblings in the order given. A node whose parent is missing (it cannot
 * be, but a list is only as good as its last fetch) shows at the top rather than not at all.
 */
export function flatten<T extends TreeNode>(nodes: readonly T[]): TreeRow<T>[] {
  const known = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, T[]>();
  for (const node of nodes) {
    const parent = node.parent_id !== null && known.has(node.parent_id) ? node.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const rows: TreeRow<T>[] = [];
  const seen = new Set<number>();
  const walk = (parentId: number | null, depth: number) => {
    for (const node of children.get(parentId) ?? []) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      rows.push({ node, depth, parentId });
      walk(node.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/** Ids of a node's children, grandchildren and so on: they travel with it. */
export function descendantsOf(rows: readonly TreeRow[], id: number): Set<number> {
  const below = new Set<number>();
  for (const row of rows)
    if (row.parentId !== null && (row.parentId === id || below.has(row.parentId))) below.add(row.node.id);
  return below;
}

function siblingsOf<T extends TreeNode>(rows: readonly TreeRow<T>[], parentId: number | null): TreeRow<T>[] {
  return rows.filter((row) => row.parentId === parentId);
}

/** Where a menu move sends a node, or null when it cannot go that way. */
export function keyboardPlacement(
  rows: readonly TreeRow[],
  id: number,
  move: KeyboardMove,
): Placement | null {
  const row = rows.find((each) => each.node.id === id);
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
      return { id, parentId: previous.node.id, index: siblingsOf(rows, previous.node.id).length };
    }
    case 'outdent': {
      const parent = rows.find((each) => each.node.id === row.parentId);
      if (!parent) return null;
      return { id, parentId: parent.parentId, index: siblingsOf(rows, parent.parentId).indexOf(parent) + 1 };
    }
  }
}

/**
 * Where a dragged node would land (dnd-kit's sortable tree): above the row it is over, as deep as
 * the pointer's horizontal travel says (one level per `indent` pixels), within what the rows around
 * allow — at most one deeper than the row above, at least as deep as the row below. `rows` leaves
 * out the dragged node's descendants, which move with it.
 */
export function dropPlacement(
  rows: readonly TreeRow[],
  activeId: number,
  overId: number,
  offsetX: number,
  indent: number,
): Placement & { depth: number } {
  const from = rows.findIndex((row) => row.node.id === activeId);
  const to = rows.findIndex((row) => row.node.id === overId);
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
    else if (depth > previous.depth) parentId = previous.node.id;
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

/** Whether a placement leaves the node where it is. */
export function isStay(rows: readonly TreeRow[], placement: Placement): boolean {
  const row = rows.find((each) => each.node.id === placement.id);
  if (!row) return true;
  const before = siblingsOf(rows, row.parentId).indexOf(row);
  return row.parentId === placement.parentId && before === placement.index;
}
