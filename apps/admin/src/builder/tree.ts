/**
 * The block tree of a page and what can be done to it, as pure functions: every operation returns a
 * new tree and leaves its input alone, so the outline, the visual builder and their tests share them.
 * The rules are the server's (packages/blocks tree.ts): children only where the parent's rule allows
 * the type, at most MAX_DEPTH levels, at most MAX_BLOCKS blocks, ids of 1 to 32 url-safe characters.
 */

/** One node of a block tree (spec 2.1); `id` stays the same across saves. */
export interface Block {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children?: Block[];
}

/** What children a block type takes: none, any block, or only the listed types. */
export type ChildrenRule = 'none' | 'any' | readonly string[];

/** The children rule of each block type (GET /api/builder/blocks); unknown types take none. */
export type Rules = ReadonlyMap<string, ChildrenRule>;

/** Where a block goes: under `parentId` (null: the top of the page), at `index` among its new siblings. */
export interface Placement {
  parentId: string | null;
  index: number;
}

export const MAX_DEPTH = 12;
export const MAX_BLOCKS = 2_000;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new block id as the server makes them: 12 random url-safe characters. */
export function newBlockId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

export function accepts(rule: ChildrenRule | undefined, type: string): boolean {
  if (rule === 'any') return true;
  return Array.isArray(rule) && rule.includes(type);
}

export function isContainer(rule: ChildrenRule | undefined): boolean {
  return rule === 'any' || Array.isArray(rule);
}

/** A fresh block of `type`: its props as given (the schema's defaults), an empty list of children if it takes any. */
export function createBlock(
  type: string,
  props: Record<string, unknown>,
  rules: Rules,
  makeId: () => string = newBlockId,
): Block {
  const block: Block = { id: makeId(), type, props };
  if (isContainer(rules.get(type))) block.children = [];
  return block;
}

export interface Location {
  block: Block;
  parent: Block | null;
  index: number;
  /** 1 for a block at the top of the page, as the server counts. */
  depth: number;
}

export function locate(tree: readonly Block[], id: string): Location | null {
  const walk = (nodes: readonly Block[], parent: Block | null, depth: number): Location | null => {
    for (const [index, block] of nodes.entries()) {
      if (block.id === id) return { block, parent, index, depth };
      const found = block.children ? walk(block.children, block, depth + 1) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(tree, null, 1);
}

/** Where a block is as the server's 422 names it (`blocks.0.children.2`), or null when absent. */
export function blockPath(tree: readonly Block[], id: string): string | null {
  const walk = (nodes: readonly Block[], at: string): string | null => {
    for (const [index, block] of nodes.entries()) {
      const here = `${at}.${index}`;
      if (block.id === id) return here;
      const found = block.children ? walk(block.children, `${here}.children`) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(tree, 'blocks');
}

export function findBlock(tree: readonly Block[], id: string): Block | null {
  return locate(tree, id)?.block ?? null;
}

export function countBlocks(tree: readonly Block[]): number {
  return tree.reduce((sum, block) => sum + 1 + countBlocks(block.children ?? []), 0);
}

/** Levels a block occupies: 1 for a block without children. */
export function heightOf(block: Block): number {
  return 1 + Math.max(0, ...(block.children ?? []).map(heightOf));
}

export function descendantIds(block: Block): Set<string> {
  const ids = new Set<string>();
  const walk = (nodes: readonly Block[]) => {
    for (const child of nodes) {
      ids.add(child.id);
      walk(child.children ?? []);
    }
  };
  walk(block.children ?? []);
  return ids;
}

/** Every block's id, depth first. */
export function allIds(tree: readonly Block[]): string[] {
  return tree.flatMap((block) => [block.id, ...allIds(block.children ?? [])]);
}

/** The tree with `change` applied to the siblings list under `parentId` (null: the top). */
function withChildren(
  tree: readonly Block[],
  parentId: string | null,
  change: (children: Block[]) => Block[],
): Block[] {
  if (parentId === null) return change([...tree]);
  return tree.map((block) => {
    if (block.id === parentId) return { ...block, children: change([...(block.children ?? [])]) };
    if (!block.children) return block;
    const children = withChildren(block.children, parentId, change);
    return children === block.children ? block : { ...block, children };
  });
}

export function removeBlock(tree: readonly Block[], id: string): Block[] {
  const at = locate(tree, id);
  if (!at) return [...tree];
  return withChildren(tree, at.parent?.id ?? null, (children) => children.filter((child) => child.id !== id));
}

export function insertBlock(tree: readonly Block[], block: Block, placement: Placement): Block[] {
  return withChildren(tree, placement.parentId, (children) => {
    children.splice(Math.max(0, Math.min(placement.index, children.length)), 0, block);
    return children;
  });
}

/** Moves a block (and its children with it); `placement.index` counts the new siblings without it. */
export function moveBlock(tree: readonly Block[], id: string, placement: Placement): Block[] {
  const at = locate(tree, id);
  if (!at) return [...tree];
  return insertBlock(removeBlock(tree, id), at.block, placement);
}

export function updateProps(tree: readonly Block[], id: string, props: Record<string, unknown>): Block[] {
  const at = locate(tree, id);
  if (!at) return [...tree];
  return withChildren(tree, at.parent?.id ?? null, (children) =>
    children.map((child) => (child.id === id ? { ...child, props } : child)),
  );
}

/** A deep copy of a block with new ids for it and every block inside it. */
export function copyBlock(block: Block, makeId: () => string = newBlockId): Block {
  const copy: Block = { id: makeId(), type: block.type, props: structuredClone(block.props) };
  if (block.children) copy.children = block.children.map((child) => copyBlock(child, makeId));
  return copy;
}

/** The tree with a copy of the block right after it, and the copy's id; null when the page would be too large. */
export function duplicateBlock(
  tree: readonly Block[],
  id: string,
  makeId: () => string = newBlockId,
): { tree: Block[]; id: string } | null {
  const at = locate(tree, id);
  if (!at) return null;
  if (countBlocks(tree) + 1 + descendantIds(at.block).size > MAX_BLOCKS) return null;
  const copy = copyBlock(at.block, makeId);
  return {
    tree: insertBlock(tree, copy, { parentId: at.parent?.id ?? null, index: at.index + 1 }),
    id: copy.id,
  };
}

/** Whether `block` may sit under `parentId` (null: the top): the parent's rule allows it and it fits the depth. */
export function canPlace(
  tree: readonly Block[],
  block: Block,
  parentId: string | null,
  rules: Rules,
): boolean {
  if (parentId === null) return heightOf(block) <= MAX_DEPTH;
  const parent = locate(tree, parentId);
  if (!parent || !accepts(rules.get(parent.block.type), block.type)) return false;
  if (parentId === block.id || descendantIds(block).has(parentId)) return false;
  return parent.depth + heightOf(block) <= MAX_DEPTH;
}

export type KeyboardMove = 'up' | 'down' | 'in' | 'out';

/**
 * Where a move from the keyboard (or the row's buttons) sends a block: up or down among its
 * siblings, into the previous sibling (last, when that one takes it), or out of its parent (right
 * after it, when the grandparent takes it). Null when it cannot go that way.
 */
export function keyboardPlacement(
  tree: readonly Block[],
  id: string,
  move: KeyboardMove,
  rules: Rules,
): Placement | null {
  const at = locate(tree, id);
  if (!at) return null;
  const parentId = at.parent?.id ?? null;
  const siblings = at.parent ? (at.parent.children ?? []) : tree;
  switch (move) {
    case 'up':
      return at.index > 0 ? { parentId, index: at.index - 1 } : null;
    case 'down':
      return at.index < siblings.length - 1 ? { parentId, index: at.index + 1 } : null;
    case 'in': {
      const previous = siblings[at.index - 1];
      if (!previous || !canPlace(tree, at.block, previous.id, rules)) return null;
      return { parentId: previous.id, index: previous.children?.length ?? 0 };
    }
    case 'out': {
      if (!at.parent) return null;
      const parent = locate(tree, at.parent.id);
      if (!parent) return null;
      const grandparentId = parent.parent?.id ?? null;
      if (!canPlace(tree, at.block, grandparentId, rules)) return null;
      return { parentId: grandparentId, index: parent.index + 1 };
    }
  }
}

export type AddMode = 'inside' | 'after' | 'end';

/**
 * Where a new block of `type` goes for each way of adding it: inside the selected block (last, when
 * it takes that type), right after the selected block (when its parent takes it), or at the end of
 * the page. Only the ways possible are listed.
 */
export function addPlacements(
  tree: readonly Block[],
  selectedId: string | null,
  type: string,
  rules: Rules,
): Partial<Record<AddMode, Placement>> {
  const ways: Partial<Record<AddMode, Placement>> = {};
  if (countBlocks(tree) >= MAX_BLOCKS) return ways;
  const probe: Block = { id: '', type, props: {} };
  const at = selectedId ? locate(tree, selectedId) : null;
  if (at) {
    if (canPlace(tree, probe, at.block.id, rules))
      ways.inside = { parentId: at.block.id, index: at.block.children?.length ?? 0 };
    const parentId = at.parent?.id ?? null;
    if (canPlace(tree, probe, parentId, rules)) ways.after = { parentId, index: at.index + 1 };
  }
  ways.end = { parentId: null, index: tree.length };
  return ways;
}

/** A block of the outline as shown: one row of a flat list, indented by its depth. */
export interface OutlineRow {
  block: Block;
  /** 0 for a block at the top of the page. */
  depth: number;
  parentId: string | null;
  /** Its place among its siblings. */
  index: number;
  /** Folded: its children are not shown. */
  collapsed: boolean;
}

/** The tree as rows, depth first; the children of collapsed blocks left out. */
export function flatten(tree: readonly Block[], collapsed: ReadonlySet<string> = new Set()): OutlineRow[] {
  const rows: OutlineRow[] = [];
  const walk = (nodes: readonly Block[], parentId: string | null, depth: number) => {
    for (const [index, block] of nodes.entries()) {
      const folded = collapsed.has(block.id);
      rows.push({ block, depth, parentId, index, collapsed: folded });
      if (block.children && !folded) walk(block.children, block.id, depth + 1);
    }
  };
  walk(tree, null, 0);
  return rows;
}

/**
 * Where a dragged block would land (dnd-kit's sortable tree): at the row it is over, as deep as the
 * pointer's horizontal travel says (one level per `indent` pixels) within what the rows around allow,
 * then the nearest depth whose parent takes the block's type. `rows` leaves out the dragged block's
 * descendants, which move with it. Null when no depth there takes it.
 */
export function dropPlacement(
  tree: readonly Block[],
  rows: readonly OutlineRow[],
  activeId: string,
  overId: string,
  offsetX: number,
  indent: number,
  rules: Rules,
): (Placement & { depth: number }) | null {
  const from = rows.findIndex((row) => row.block.id === activeId);
  const to = rows.findIndex((row) => row.block.id === overId);
  const active = rows[from];
  if (!active || to < 0) return null;
  const moved = [...rows];
  moved.splice(to, 0, ...moved.splice(from, 1));
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const max = previous ? previous.depth + 1 : 0;
  const min = next ? next.depth : 0;
  const wanted = Math.min(Math.max(active.depth + Math.round(offsetX / indent), min), max);

  const parentAt = (depth: number): string | null => {
    if (depth === 0 || !previous) return null;
    if (depth > previous.depth) return previous.block.id;
    return (
      moved
        .slice(0, to)
        .reverse()
        .find((row) => row.depth === depth)?.parentId ?? null
    );
  };
  // The wanted depth first, then the others nearest to it.
  const depths = Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i).sort(
    (a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || b - a,
  );
  for (const depth of depths) {
    const parentId = parentAt(depth);
    if (!canPlace(tree, active.block, parentId, rules)) continue;
    const parentRow = moved.find((row) => row.block.id === parentId);
    // A folded parent shows none of its children: the block goes last among them.
    const index =
      parentRow?.collapsed === true
        ? (parentRow.block.children ?? []).filter((child) => child.id !== activeId).length
        : moved.slice(0, to).filter((row) => row.parentId === parentId).length;
    return { parentId, index, depth };
  }
  return null;
}

/** The server's 422 messages of a tree, by block and prop. */
export interface TreeErrors {
  /** About the tree as a whole (too many blocks) or a block no longer there. */
  general: string[];
  byBlock: Map<string, { block: string[]; props: Record<string, string> }>;
}

/**
 * Sorts the server's messages (keyed `blocks[2].children[0].props.level`, or `blocks.2.props.text`)
 * by the block they are about, as the tree is now, and the prop path under it (`items.0.title`).
 */
export function treeErrors(errors: Record<string, string> | undefined, tree: readonly Block[]): TreeErrors {
  const result: TreeErrors = { general: [], byBlock: new Map() };
  for (const [key, message] of Object.entries(errors ?? {})) {
    const parts = key.replace(/\[(\d+)\]/g, '.$1').split('.');
    if (parts[0] !== 'blocks') continue;
    let nodes: readonly Block[] | undefined = tree;
    let block: Block | undefined;
    let at = 1;
    while (at < parts.length && /^\d+$/.test(parts[at] ?? '')) {
      block = nodes?.[Number(parts[at])];
      at += 1;
      if (parts[at] === 'children' && /^\d+$/.test(parts[at + 1] ?? '')) {
        nodes = block?.children;
        at += 1;
      } else break;
    }
    if (!block) {
      result.general.push(message);
      continue;
    }
    const entry = result.byBlock.get(block.id) ?? { block: [], props: {} };
    result.byBlock.set(block.id, entry);
    if (parts[at] === 'props' && at + 1 < parts.length) entry.props[parts.slice(at + 1).join('.')] = message;
    else entry.block.push(message);
  }
  return result;
}

/**
 * Whether two trees hold the same blocks with the same props, whatever the order of their keys (the
 * server's answer to a save writes them in its own order).
 */
export function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (value: object) =>
    Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const [left, right] = [keys(a), keys(b)];
  return (
    left.length === right.length &&
    left.every((key) => sameTree((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
