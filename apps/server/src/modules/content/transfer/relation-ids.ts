interface DefinitionShape {
  key: string;
  type: string;
  fields?: DefinitionShape[];
}

/**
 * The field values with every relation id passed through `map` (export: id to ref, import: ref to
 * new id), in repeaters too. An id `map` does not know becomes null (single) or is dropped (list).
 */
export function mapRelationIds(
  definitions: readonly unknown[],
  fields: Record<string, unknown>,
  map: (id: number) => number | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const definition of definitions as DefinitionShape[]) {
    const value = out[definition.key];
    if (value === undefined || value === null) continue;
    if (definition.type === 'relation') {
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
          ? mapRelationIds(nested, item as Record<string, unknown>, map)
          : item,
      );
    }
  }
  return out;
}
