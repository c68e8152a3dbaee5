import { type BlockDefinition, eachBlock, type TreeValidation, validateTree } from '@tessera/blocks';
import { sanitizeRichText } from '../fields/index.js';

/**
 * A block tree as an entry stores it: validated against the registry (422 paths under `blocks`),
 * ids kept or given, and the HTML props each block declares (`richText`) sanitized like richtext
 * fields, so the site can render them as HTML.
 */
export function checkBlockTree(
  blocks: unknown,
  /** The site's block types: the core's and its plugins' (PluginHost.blockRegistry). */
  registry: ReadonlyMap<string, BlockDefinition>,
): TreeValidation {
  const result = validateTree(blocks, { registry });
  if (!result.ok) return result;
  eachBlock(result.tree, (block) => {
    const definition = registry.get(block.type);
    for (const key of definition?.richText ?? []) {
      const value = block.props[key];
      if (typeof value === 'string') block.props[key] = sanitizeRichText(value);
    }
    for (const [list, keys] of Object.entries(definition?.richTextItems ?? {})) {
      const items = block.props[list];
      if (!Array.isArray(items)) continue;
      for (const item of items as Record<string, unknown>[])
        for (const key of keys ?? [])
          if (typeof item[key] === 'string') item[key] = sanitizeRichText(item[key] as string);
    }
  });
  return result;
}
