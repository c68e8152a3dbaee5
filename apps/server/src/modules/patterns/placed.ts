import type { Block } from '@tessera/blocks';
import type { SiteScopedDb } from '../../core/db/data.js';
import { addFieldError, type FieldErrors, fieldErrors } from '../../core/errors.js';
import { PatternsRepo } from './repo.js';

/** Each synced pattern a block tree places (`pattern` blocks), with the path a 422 names. */
export function placedPatterns(tree: readonly Block[], root = 'blocks'): Array<{ id: number; path: string }> {
  const found: Array<{ id: number; path: string }> = [];
  const walk = (blocks: readonly Block[], at: string) =>
    blocks.forEach((block, i) => {
      const path = `${at}[${i}]`;
      if (block.type === 'pattern' && typeof block.props.pattern_id === 'number')
        found.push({ id: block.props.pattern_id, path: `${path}.props.pattern_id` });
      if (block.children) walk(block.children, `${path}.children`);
    });
  walk(tree, root);
  return found;
}

/**
 * Where a block tree places what is not a synced pattern of the site (another site's, or none), by
 * path, as a save refuses another site's media. A pattern the record placed before is let be: one
 * deleted since leaves its placements, which show nothing, and must not block editing them.
 */
export async function misplacedPatterns(
  db: SiteScopedDb,
  tree: readonly Block[],
  before: ReadonlyArray<readonly Block[] | null>,
): Promise<FieldErrors> {
  const errors = fieldErrors();
  const placed = placedPatterns(tree);
  if (placed.length === 0) return errors;
  const previous = new Set(before.flatMap((blocks) => placedPatterns(blocks ?? []).map((use) => use.id)));
  const synced = await new PatternsRepo(db).synced([...new Set(placed.map((use) => use.id))]);
  for (const use of placed)
    if (!synced.has(use.id) && !previous.has(use.id))
      addFieldError(errors, use.path, `There is no synced pattern ${use.id} on this site.`);
  return errors;
}
