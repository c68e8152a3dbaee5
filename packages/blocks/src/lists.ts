import type { Block } from './block.js';
import type { ListQuery } from './context.js';
import { eachBlock } from './tree.js';

/** The lists a tree's blocks show (their `query`), by block id, in tree order. */
export function blockLists(tree: readonly Block[]): Array<{ blockId: string; query: ListQuery }> {
  const lists: Array<{ blockId: string; query: ListQuery }> = [];
  eachBlock(tree, (block, definition) => {
    if (definition?.query) lists.push({ blockId: block.id, query: definition.query(block.props as never) });
  });
  return lists;
}
