import { type Block, blockLists } from '@tessera/blocks';
import { ValidationFailed } from '../../core/errors.js';

/**
 * The most list blocks (latest posts, content list: the blocks that query entries) one canvas
 * resolves. Each costs three to five queries and up to 50 entries, and a page rarely has more than
 * a few; 2,000 of them, the most blocks a tree holds, took 1.6 to 7.9 s a request on SQLite and held
 * up other sites' requests for seconds.
 */
export const CANVAS_MAX_LISTS = 20;

/** The most entries the lists of one canvas may ask for together: ten lists at their largest page. */
export const CANVAS_MAX_LIST_ENTRIES = 500;

/** What the lists of a tree cost: how many there are, and how many entries they ask for together. */
export function listWork(tree: readonly Block[]): { lists: number; entries: number } {
  const lists = blockLists(tree);
  return { lists: lists.length, entries: lists.reduce((sum, list) => sum + list.query.count, 0) };
}

/**
 * Refuses, before any query, a tree whose lists ask for more than a canvas resolves: 422 under
 * `blocks` naming the limit. Refused rather than cut short, because a canvas showing some lists
 * empty would tell the editor those lists have nothing to show.
 */
export function requireCanvasListsWithin(tree: readonly Block[]): void {
  const { lists, entries } = listWork(tree);
  const refuse = (message: string) => ValidationFailed.field('blocks', message, 'canvas_too_costly');
  if (lists > CANVAS_MAX_LISTS)
    throw refuse(
      `A canvas shows at most ${CANVAS_MAX_LISTS} list blocks (latest posts, content lists); this one has ${lists}.`,
    );
  if (entries > CANVAS_MAX_LIST_ENTRIES)
    throw refuse(
      `The list blocks of a canvas show at most ${CANVAS_MAX_LIST_ENTRIES} entries together; these ask for ${entries}.`,
    );
}
