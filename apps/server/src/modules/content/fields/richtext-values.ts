import type { FieldDefinition } from './definition.js';
import { sanitizeRichText } from './richtext.js';

/**
 * The richtext values among stored field values sanitized as a save sanitizes them, in repeaters'
 * items too, and nothing else checked or changed. For states kept beside the working copy (a
 * published version, a revision): they may predate a change of the type's fields, which
 * validateFieldValues would refuse, yet the public site renders their HTML as it is.
 */
export function sanitizeRichTextValues(
  definitions: readonly FieldDefinition[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values };
  for (const definition of definitions) {
    if (!Object.hasOwn(out, definition.key)) continue;
    const value = out[definition.key];
    if (definition.type === 'richtext' && typeof value === 'string')
      out[definition.key] = sanitizeRichText(value);
    else if (definition.type === 'repeater' && Array.isArray(value))
      out[definition.key] = value.map((item: unknown) =>
        isRecord(item) ? sanitizeRichTextValues((definition.fields ?? []) as FieldDefinition[], item) : item,
      );
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
