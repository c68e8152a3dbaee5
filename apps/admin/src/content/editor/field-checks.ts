import type { Say } from '../../forms.js';

/**
 * The server's checks of an entry's field values (content/fields/validate-values.ts), run in the
 * editor before a save so a mistake is said at once, in the interface's language, beside its field.
 * Only what the inputs let a person get wrong is checked here; the server checks everything again
 * (and what needs the site: relations, media, taken slugs). field-checks.parity.test.ts runs both
 * on the same values and fails when they disagree.
 */

/** The part of a field definition the checks read (the server's FieldDefinition has the same names). */
export interface CheckedField {
  key: string;
  label: string;
  type: string;
  required?: boolean | undefined;
  min_length?: number | undefined;
  max_length?: number | undefined;
  pattern?: string | undefined;
  integer?: boolean | undefined;
  decimals?: number | undefined;
  min?: number | string | undefined;
  max?: number | string | undefined;
  multiple?: boolean | undefined;
  cardinality?: string | undefined;
  min_items?: number | undefined;
  max_items?: number | undefined;
  max_bytes?: number | undefined;
  /** A repeater's sub-fields (the API types them loosely: they have these same names). */
  fields?: readonly unknown[] | undefined;
}

const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]+$/;
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The problems of `values` by path (`fields.price`, `fields.crew[1].name`); empty when none. */
export function fieldProblems(
  definitions: readonly CheckedField[],
  values: Record<string, unknown>,
  say: Say,
  path = 'fields',
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of definitions) {
    const at = `${path}.${field.key}`;
    const value = values[field.key];
    if (isEmpty(value)) {
      if (field.required) problems[at] = say('labelRequired', { label: field.label });
      continue;
    }
    if (field.type === 'repeater' && Array.isArray(value)) {
      const count = countProblem(field, value.length, say);
      if (count) problems[at] = count;
      else
        value.forEach((item, index) => {
          if (item && typeof item === 'object')
            Object.assign(
              problems,
              fieldProblems(
                (field.fields ?? []) as CheckedField[],
                item as Record<string, unknown>,
                say,
                `${at}[${index}]`,
              ),
            );
        });
      continue;
    }
    const problem = valueProblem(field, value, say);
    if (problem) problems[at] = problem;
  }
  return problems;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function valueProblem(field: CheckedField, value: unknown, say: Say): string | null {
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return null;
      const length = [...value].length;
      if (field.min_length !== undefined && length < field.min_length)
        return say('minLength', { limit: field.min_length });
      if (field.max_length !== undefined && length > field.max_length)
        return say('maxLength', { limit: field.max_length });
      if (field.type === 'text' && value.includes('\n')) return say('singleLine');
      if (field.pattern && !matches(field.pattern, value)) return say('pattern');
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return say('number');
      if (field.integer && !Number.isInteger(value)) return say('integer');
      if (field.decimals !== undefined && !hasAtMostDecimals(value, field.decimals))
        return say('decimals', { limit: field.decimals });
      if (typeof field.min === 'number' && value < field.min) return say('minimum', { limit: field.min });
      if (typeof field.max === 'number' && value > field.max) return say('maximum', { limit: field.max });
      return null;
    }
    case 'email':
      return typeof value === 'string' && value.length <= (field.max_length ?? 254) && EMAIL.test(value)
        ? null
        : say('email');
    case 'url': {
      if (typeof value !== 'string' || value.length > (field.max_length ?? 2048)) return say('url');
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:' ? null : say('httpOnly');
      } catch {
        return say('url');
      }
    }
    case 'date':
    case 'datetime': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return null;
      if (typeof field.min === 'string' && Date.parse(value) < Date.parse(field.min))
        return say('notBefore', { limit: field.min });
      if (typeof field.max === 'string' && Date.parse(value) > Date.parse(field.max))
        return say('notAfter', { limit: field.max });
      return null;
    }
    case 'color':
      return typeof value === 'string' && COLOR.test(value) ? null : say('color');
    case 'select':
    case 'file':
    case 'image':
    case 'relation':
      return Array.isArray(value) ? countProblem(field, value.length, say) : null;
    case 'json':
      return JSON.stringify(value).length > (field.max_bytes ?? 65_536) ? say('jsonSize') : null;
    default:
      return null;
  }
}

function countProblem(field: CheckedField, count: number, say: Say): string | null {
  if (field.min_items !== undefined && count < field.min_items)
    return say('minItems', { limit: field.min_items });
  if (field.max_items !== undefined && count > field.max_items)
    return say('maxItems', { limit: field.max_items });
  return null;
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    // The server refuses such a pattern when the type is saved; nothing to check against here.
    return true;
  }
}

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The server's rules for the entry's own columns (entries/entry.ts and the title check of
 * entries/save.ts), by the same paths as its 422; an empty slug is not sent (made from the title).
 */
export function entryProblems(
  draft: { title: string; slug: string; excerpt: string },
  say: Say,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.title.trim() === '') problems.title = say('required');
  else if (draft.title.length > 300) problems.title = say('maxLength', { limit: 300 });
  if (draft.slug.length > 200) problems.slug = say('maxLength', { limit: 200 });
  else if (draft.slug !== '' && !SLUG.test(draft.slug)) problems.slug = say('pattern');
  if (draft.excerpt.length > 5000) problems.excerpt = say('maxLength', { limit: 5000 });
  return problems;
}
