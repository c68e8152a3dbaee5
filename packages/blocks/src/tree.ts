import { Value } from '@sinclair/typebox/value';
import type { Block, BlockDefinition } from './block.js';
import { blockRegistry } from './registry.js';

export const MAX_DEPTH = 12;
export const MAX_BLOCKS = 2_000;
const BLOCK_ID = /^[A-Za-z0-9_-]{1,32}$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type TreeErrors = Record<string, string[]>;

export type TreeValidation = { ok: true; tree: Block[] } | { ok: false; errors: TreeErrors };

export interface TreeOptions {
  maxDepth?: number;
  maxBlocks?: number;
  /** Where the tree sits in the request, for error paths (default `blocks`). */
  path?: string;
  registry?: ReadonlyMap<string, BlockDefinition>;
}

/** A new block id: 12 url-safe random characters. */
export function newBlockId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/**
 * Checks a block tree against the registry (spec 2.1): known types, props of the right types and
 * no others, children only where a block takes them and of the types it accepts, depth and size
 * limits, unique ids. Every fault is reported under its JSON path (`blocks[0].children[2].props.level`).
 * A valid tree comes back normalized: defaults applied, ids kept, missing ids generated.
 */
export function validateTree(input: unknown, options: TreeOptions = {}): TreeValidation {
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const maxBlocks = options.maxBlocks ?? MAX_BLOCKS;
  const registry = options.registry ?? blockRegistry;
  const root = options.path ?? 'blocks';
  const errors: TreeErrors = Object.create(null);
  const add = (path: string, message: string) => {
    const list = errors[path] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[path] = list;
  };
  const seen = new Set<string>();
  let count = 0;

  const walk = (nodes: unknown, path: string, depth: number, parent: BlockDefinition | null): Block[] => {
    if (!Array.isArray(nodes)) {
      add(path, 'Expected a list of blocks.');
      return [];
    }
    const out: Block[] = [];
    nodes.forEach((node, i) => {
      const at = `${path}[${i}]`;
      count += 1;
      if (count === maxBlocks + 1) add(root, `A tree holds at most ${maxBlocks} blocks.`);
      if (node === null || typeof node !== 'object' || Array.isArray(node)) {
        add(at, 'Expected a block: an object with type and props.');
        return;
      }
      const { id, type, props = {}, children, ...extra } = node as Record<string, unknown>;
      for (const key of Object.keys(extra))
        add(`${at}.${key}`, 'A block has only id, type, props and children.');
      const definition = typeof type === 'string' ? registry.get(type) : undefined;
      if (!definition) {
        add(
          `${at}.type`,
          typeof type === 'string' ? `There is no block type "${type}".` : 'Expected a block type.',
        );
        return;
      }
      if (parent && Array.isArray(parent.children) && !parent.children.includes(definition.type))
        add(`${at}.type`, `A ${parent.type} does not take ${definition.type} blocks.`);
      if (depth > maxDepth) add(at, `Blocks nest ${maxDepth} levels deep at most.`);

      let blockId = id;
      if (blockId === undefined || blockId === null) blockId = newBlockId();
      else if (typeof blockId !== 'string' || !BLOCK_ID.test(blockId)) {
        add(`${at}.id`, 'A block id is 1 to 32 letters, digits, - or _.');
        blockId = newBlockId();
      } else if (seen.has(blockId)) add(`${at}.id`, `Another block has the id ${blockId}.`);
      seen.add(blockId as string);

      let checkedProps: Record<string, unknown> = {};
      if (props === null || typeof props !== 'object' || Array.isArray(props))
        add(`${at}.props`, 'Expected an object.');
      else {
        checkedProps = Value.Default(definition.props, structuredClone(props)) as Record<string, unknown>;
        let valid = true;
        for (const problem of Value.Errors(definition.props, checkedProps)) {
          valid = false;
          const where = problem.path.replace(/^\//, '').replaceAll('/', '.');
          add(where ? `${at}.props.${where}` : `${at}.props`, problem.message);
        }
        if (valid && definition.refine)
          for (const problem of definition.refine(checkedProps as never))
            add(`${at}.props.${problem.path}`, problem.message);
      }

      const block: Block = { id: blockId as string, type: definition.type, props: checkedProps };
      if (children !== undefined && children !== null) {
        if (definition.children === 'none') {
          if (!Array.isArray(children) || children.length > 0)
            add(`${at}.children`, `A ${definition.type} takes no children.`);
        } else if (depth < maxDepth + 1)
          block.children = walk(children, `${at}.children`, depth + 1, definition);
      } else if (definition.children !== 'none') block.children = [];
      out.push(block);
    });
    return out;
  };

  const tree = walk(input, root, 1, null);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, tree };
}

/** Visits every block, depth first. */
export function eachBlock(
  tree: readonly Block[],
  visit: (block: Block, definition: BlockDefinition | undefined) => void,
): void {
  for (const block of tree) {
    visit(block, blockRegistry.get(block.type));
    if (block.children) eachBlock(block.children, visit);
  }
}
