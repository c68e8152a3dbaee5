import type { Block, BlockDefinition } from './block.js';
import { blockRegistry } from './registry.js';

/** One media item a block tree uses, and where. */
export interface BlockMediaUse {
  mediaId: number;
  /** `blocks[0].children[1].props.media_id`, `blocks[2].props.images[3]`. */
  path: string;
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The media ids of one prop value: an id, `{ media_id }`, or a list of either. */
function idsIn(value: unknown, path: string, found: BlockMediaUse[]): void {
  if (isId(value)) found.push({ mediaId: value, path });
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) idsIn(item, `${path}[${i}]`, found);
  else if (value !== null && typeof value === 'object' && isId((value as { media_id?: unknown }).media_id))
    found.push({ mediaId: (value as { media_id: number }).media_id, path });
}

/** Every media item the tree's blocks use through the props their definitions declare as media. */
export function blockMedia(
  tree: readonly Block[],
  root = 'blocks',
  registry: ReadonlyMap<string, BlockDefinition> = blockRegistry,
): BlockMediaUse[] {
  const found: BlockMediaUse[] = [];
  const walk = (blocks: readonly Block[], at: string) =>
    blocks.forEach((block, i) => {
      const path = `${at}[${i}]`;
      for (const key of registry.get(block.type)?.media ?? [])
        idsIn(block.props[key], `${path}.props.${key}`, found);
      if (block.children) walk(block.children, `${path}.children`);
    });
  walk(tree, root);
  return found;
}

/** One prop value with its media ids passed through `map`; unknown ids become null or leave lists. */
function mapIdsIn(value: unknown, map: (id: number) => number | undefined): unknown {
  if (isId(value)) return map(value) ?? null;
  if (Array.isArray(value))
    return value.flatMap((item) => {
      const mapped = mapIdsIn(item, map);
      return mapped === null ? [] : [mapped];
    });
  if (value !== null && typeof value === 'object' && isId((value as { media_id?: unknown }).media_id)) {
    const mapped = map((value as { media_id: number }).media_id);
    return mapped === undefined ? null : { ...value, media_id: mapped };
  }
  return value;
}

/** A copy of the tree with the media ids of declared props passed through `map` (an import's new ids). */
export function mapBlockMedia(
  tree: readonly Block[],
  map: (id: number) => number | undefined,
  registry: ReadonlyMap<string, BlockDefinition> = blockRegistry,
): Block[] {
  return tree.map((block) => {
    const keys = registry.get(block.type)?.media ?? [];
    const props = { ...block.props };
    for (const key of keys) if (key in props) props[key] = mapIdsIn(props[key], map);
    return {
      ...block,
      props,
      ...(block.children ? { children: mapBlockMedia(block.children, map, registry) } : {}),
    };
  });
}
