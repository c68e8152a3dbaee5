import { type Block, newBlockId } from '../tree.js';

/**
 * The boundary between the stored tree (spec 2.1's `{ type, props, children }`, as the API gives
 * and takes it) and what the builder edits. Inside, every block has an id of its own to be selected,
 * dragged and keyed by: a stored block without one, or repeating one already seen, gets an id minted
 * here, which goes back to what it was on the way out. Nothing else is converted, so a round trip
 * changes nothing the user did not edit (document.test.ts, over random trees).
 */
export interface EditorTree {
  blocks: Block[];
  /** Minted id → the stored block's own id (undefined when it had none). */
  minted: ReadonlyMap<string, string | undefined>;
}

export function openTree(stored: readonly unknown[], makeId: () => string = newBlockId): EditorTree {
  const seen = new Set<string>();
  const minted = new Map<string, string | undefined>();
  const open = (node: unknown): Block | null => {
    if (node === null || typeof node !== 'object') return null;
    const raw = node as Record<string, unknown>;
    if (typeof raw.type !== 'string') return null;
    const own = typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined;
    let id = own;
    if (id === undefined || seen.has(id)) {
      do id = makeId();
      while (seen.has(id));
      minted.set(id, own);
    }
    seen.add(id);
    const block = { ...raw, id } as Block;
    // Stored trees are validated on save, props always there; a hand-made one may lack them.
    if (!raw.props || typeof raw.props !== 'object') block.props = {};
    if (Array.isArray(raw.children))
      block.children = raw.children.map(open).filter((child): child is Block => child !== null);
    return block;
  };
  return { blocks: stored.map(open).filter((block): block is Block => block !== null), minted };
}

/** The tree to store: minted ids given back (or left out where the stored block had none). */
export function storedTree(blocks: readonly Block[], minted: EditorTree['minted']): Block[] {
  if (minted.size === 0) return blocks as Block[];
  const close = (block: Block): Block => {
    const children = block.children?.map(close);
    const changed = children?.some((child, i) => child !== block.children?.[i]) === true;
    if (!minted.has(block.id)) return changed ? { ...block, children } : block;
    const { id, ...rest } = block;
    const own = minted.get(id);
    const out = (own === undefined ? rest : { id: own, ...rest }) as Block;
    if (children) out.children = children;
    return out;
  };
  return blocks.map(close);
}
