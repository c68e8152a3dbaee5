import type { MediaPlace } from '../../../core/events/media-references.js';
import type { FieldDefinition } from '../fields/definition.js';

// The paths entryMediaReferences gives: the featured image, a field's value, a block's prop.
const FIELD_PATH = /^fields\.([^.[]+)/;
const BLOCK_STEP = /^(?:blocks|\.children)\[(\d+)\]/;

/**
 * Where in an entry a media path is, in words: "featured", the field's label, or the top-level
 * block's position and the type of the block holding the item. Null for a path it cannot place
 * (a block since removed from a draft the usage does not follow, a plugin's own path).
 */
export function mediaPlace(
  path: string,
  entry: { blocks: unknown[] },
  fields: readonly Pick<FieldDefinition, 'key' | 'label'>[],
): MediaPlace | null {
  if (path === 'featured_media_id') return { kind: 'featured' };
  const field = FIELD_PATH.exec(path);
  if (field) {
    const definition = fields.find((candidate) => candidate.key === field[1]);
    return definition ? { kind: 'field', label: definition.label } : null;
  }
  let rest = path;
  let nodes: unknown[] = entry.blocks;
  let position = 0;
  let block: string | null = null;
  for (let step = BLOCK_STEP.exec(rest); step; step = BLOCK_STEP.exec(rest)) {
    const index = Number(step[1]);
    const node = nodes[index] as { type?: unknown; children?: unknown } | undefined;
    if (!node || typeof node.type !== 'string') return null;
    if (block === null) position = index + 1;
    block = node.type;
    nodes = Array.isArray(node.children) ? node.children : [];
    rest = rest.slice(step[0].length);
  }
  return block === null ? null : { kind: 'block', position, block };
}
