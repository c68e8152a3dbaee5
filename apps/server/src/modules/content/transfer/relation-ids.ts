import { mapRichTextMedia } from '@tessera/blocks';

interface DefinitionShape {
  key: string;
  type: string;
  fields?: DefinitionShape[];
}

type IdMap = (id: number) => number | undefined;

/**
 * The field values with every id held by a field of one of `kinds` passed through `map`, in
 * repeaters too. An id `map` does not know becomes null (single) or is dropped (list).
 */
function mapFieldIds(
  definitions: readonly unknown[],
  fields: Record<string, unknown>,
  kinds: readonly string[],
  map: IdMap,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const definition of definitions as DefinitionShape[]) {
    const value = out[definition.key];
    if (value === undefined || value === null) continue;
    if (kinds.includes(definition.type)) {
      if (Array.isArray(value))
        out[definition.key] = value.flatMap((id) => {
          const mapped = typeof id === 'number' ? map(id) : undefined;
          return mapped === undefined ? [] : [mapped];
        });
      else out[definition.key] = typeof value === 'number' ? (map(value) ?? null) : null;
    } else if (definition.type === 'repeater' && Array.isArray(value) && definition.fields) {
      const nested = definition.fields;
      out[definition.key] = value.map((item) =>
        item && typeof item === 'object' && !Array.isArray(item)
          ? mapFieldIds(nested, item as Record<string, unknown>, kinds, map)
          : item,
      );
    }
  }
  return out;
}

/** Relation ids passed through `map` (export: id to ref, import: ref to new id). */
export function mapRelationIds(
  definitions: readonly unknown[],
  fields: Record<string, unknown>,
  map: IdMap,
): Record<string, unknown> {
  return mapFieldIds(definitions, fields, ['relation'], map);
}

/**
 * Media ids of file and image fields, and of the images in richtext, passed through `map` (an
 * import: old id to new id).
 */
export function mapMediaIds(
  definitions: readonly unknown[],
  fields: Record<string, unknown>,
  map: IdMap,
): Record<string, unknown> {
  return mapRichTextImages(definitions, mapFieldIds(definitions, fields, ['file', 'image'], map), map);
}

function mapRichTextImages(
  definitions: readonly unknown[],
  fields: Record<string, unknown>,
  map: IdMap,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const definition of definitions as DefinitionShape[]) {
    const value = out[definition.key];
    if (definition.type === 'richtext' && typeof value === 'string')
      out[definition.key] = mapRichTextMedia(value, map);
    else if (definition.type === 'repeater' && Array.isArray(value) && definition.fields) {
      const nested = definition.fields;
      out[definition.key] = value.map((item) =>
        item && typeof item === 'object' && !Array.isArray(item)
          ? mapRichTextImages(nested, item as Record<string, unknown>, map)
          : item,
      );
    }
  }
  return out;
}
