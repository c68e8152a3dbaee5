/**
 * What a drag in the builder carries: a field type from the palette, or a field of the form by its
 * key. Custom types keep other drops (a file, a link) from being taken for either.
 */
export const NEW_FIELD = 'application/x-tessera-forms-type';
export const MOVED_FIELD = 'application/x-tessera-forms-field';

/** The gap a pointer over an item points at: before it in its upper half, after it below. */
export function gapAt(index: number, pointerY: number, box: { top: number; height: number }): number {
  return pointerY < box.top + box.height / 2 ? index : index + 1;
}

/** Whether a drag carries something the field list takes. */
export const carriesField = (types: readonly string[]): boolean =>
  types.includes(NEW_FIELD) || types.includes(MOVED_FIELD);
