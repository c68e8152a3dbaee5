import type { EntryState } from '../entries/entry.js';
import { canonicalJson } from '../entries/state.js';

export interface ValueChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export interface BlockChange {
  id: string;
  type: string;
  change: 'added' | 'removed' | 'moved' | 'changed';
  /** For moves: where the block was and is (parent block id, null at the top, and index). */
  from?: { parent: string | null; index: number };
  to?: { parent: string | null; index: number };
  /** For changes: the props that differ. */
  props?: { key: string; before: unknown; after: unknown }[];
}

export interface StateComparison {
  /** Title, slug, parent, excerpt, author, featured image, position and terms. */
  properties: ValueChange[];
  /** Field values by path (`price`, `gallery[2].caption`). */
  fields: ValueChange[];
  blocks: BlockChange[];
}

const PROPERTIES = [
  'title',
  'slug',
  'parent_id',
  'excerpt',
  'author_id',
  'featured_media_id',
  'position',
  'terms',
] as const;

/** What changed from one saved state to another: properties, fields by path, blocks by identity. */
export function compareStates(before: EntryState, after: EntryState): StateComparison {
  const properties: ValueChange[] = [];
  for (const key of PROPERTIES) {
    if (!same(before[key], after[key]))
      properties.push({ path: key, change: 'changed', before: before[key], after: after[key] });
  }
  const fields: ValueChange[] = [];
  diffValues(before.fields ?? {}, after.fields ?? {}, '', fields);
  return { properties, fields, blocks: diffBlocks(before.blocks ?? [], after.blocks ?? []) };
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Walks objects and arrays of objects (repeaters) so a change is named by its deepest path. */
function diffValues(before: unknown, after: unknown, path: string, out: ValueChange[]): void {
  if (same(before, after)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const child = path ? `${path}.${key}` : key;
      if (!(key in before)) out.push({ path: child, change: 'added', after: after[key] });
      else if (!(key in after)) out.push({ path: child, change: 'removed', before: before[key] });
      else diffValues(before[key], after[key], child, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].every(isRecord)) {
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i += 1) {
      const child = `${path}[${i}]`;
      if (i >= before.length) out.push({ path: child, change: 'added', after: after[i] });
      else if (i >= after.length) out.push({ path: child, change: 'removed', before: before[i] });
      else diffValues(before[i], after[i], child, out);
    }
    return;
  }
  out.push({ path, change: 'changed', before, after });
}

interface Placed {
  id: string;
  type: string;
  props: Record<string, unknown>;
  parent: string | null;
  index: number;
}

function placeBlocks(blocks: unknown[], parent: string | null, into: Map<string, Placed>): void {
  blocks.forEach((node, index) => {
    if (!isRecord(node) || typeof node.id !== 'string') return;
    into.set(node.id, {
      id: node.id,
      type: String(node.type ?? ''),
      props: isRecord(node.props) ? node.props : {},
      parent,
      index,
    });
    if (Array.isArray(node.children)) placeBlocks(node.children, node.id, into);
  });
}

/** Blocks matched by their stable id: added, removed, moved (other parent or index) and changed props. */
export function diffBlocks(before: unknown[], after: unknown[]): BlockChange[] {
  const old = new Map<string, Placed>();
  const now = new Map<string, Placed>();
  placeBlocks(before, null, old);
  placeBlocks(after, null, now);
  const changes: BlockChange[] = [];
  for (const [id, block] of now) {
    const was = old.get(id);
    if (!was) {
      changes.push({
        id,
        type: block.type,
        change: 'added',
        to: { parent: block.parent, index: block.index },
      });
      continue;
    }
    if (was.parent !== block.parent || was.index !== block.index)
      changes.push({
        id,
        type: block.type,
        change: 'moved',
        from: { parent: was.parent, index: was.index },
        to: { parent: block.parent, index: block.index },
      });
    const props = [...new Set([...Object.keys(was.props), ...Object.keys(block.props)])]
      .filter((key) => !same(was.props[key], block.props[key]))
      .map((key) => ({ key, before: was.props[key] ?? null, after: block.props[key] ?? null }));
    if (props.length > 0 || was.type !== block.type)
      changes.push({ id, type: block.type, change: 'changed', props });
  }
  for (const [id, block] of old)
    if (!now.has(id))
      changes.push({
        id,
        type: block.type,
        change: 'removed',
        from: { parent: block.parent, index: block.index },
      });
  return changes;
}
