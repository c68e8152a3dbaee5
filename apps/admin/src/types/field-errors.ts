import type { FieldDraft } from './model.js';

/** `fields.2.key` (the request schema's paths) as `fields[2].key` (the definition checks'). */
export function normalPath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/**
 * The server's 422 messages on fields, by the uid of the field they concern and the option's
 * path inside it (`choices`, `choices[1].value`, `` for the field as a whole); the rest by path.
 */
export function errorsByField(
  errors: Record<string, string>,
  fields: readonly FieldDraft[],
): { byField: Record<string, Record<string, string>>; rest: Record<string, string> } {
  const byField: Record<string, Record<string, string>> = {};
  const rest: Record<string, string> = {};
  for (const [raw, message] of Object.entries(errors)) {
    const path = normalPath(raw);
    const found = locate(path, 'fields', fields);
    if (found) {
      const options = byField[found.uid] ?? {};
      options[found.option] = options[found.option] ?? message;
      byField[found.uid] = options;
    } else rest[path] = message;
  }
  return { byField, rest };
}

function locate(
  path: string,
  prefix: string,
  fields: readonly FieldDraft[],
): { uid: string; option: string } | null {
  const match = new RegExp(`^${prefix.replace(/[[\].]/g, '\\$&')}\\[(\\d+)\\](?:\\.(.*))?$`).exec(path);
  if (!match) return null;
  const field = fields[Number(match[1])];
  if (!field) return null;
  const option = match[2] ?? '';
  const deeper = locate(path, `${prefix}[${match[1]}].fields`, field.fields);
  return deeper ?? { uid: field.uid, option };
}

/** An option's message, or the first message about something inside it (`choices[1].value`). */
export function optionError(errors: Record<string, string> | undefined, option: string): string | undefined {
  if (!errors) return undefined;
  if (errors[option]) return errors[option];
  const inside = Object.entries(errors).find(
    ([path]) => path.startsWith(`${option}[`) || path.startsWith(`${option}.`),
  );
  return inside?.[1];
}
