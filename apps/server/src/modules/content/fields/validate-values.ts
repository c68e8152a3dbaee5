import { richTextMediaIds } from '@tessera/blocks';
import { addFieldError, type FieldErrors, fieldErrors } from '../../../core/errors.js';
import { MAX_ID } from '../../../core/http/input-schemas.js';
import { fieldMessage } from '../../../core/i18n/field-messages.js';
import type { FieldDefinition } from './definition.js';
import { sanitizeRichText } from './richtext.js';
import { formatProblem, PatternBudget } from './user-pattern.js';

export const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]+$/;
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const DEFAULT_JSON_BYTES = 65_536;
const MAX_JSON_DEPTH = 20;

/** The relation ids a value names, by field path, for the caller to check on the site. */
export interface RelationRefs {
  path: string;
  ids: number[];
  targetType: string;
}

/** The media ids of a file or image field, and the kinds of file it takes (null: any). */
export interface MediaRefs {
  path: string;
  ids: number[];
  /** The field holds a list (paths of its items carry their index). */
  list: boolean;
  accepts: readonly string[] | null;
}

export type FieldValidation =
  | { ok: true; values: Record<string, unknown>; relations: RelationRefs[]; media: MediaRefs[] }
  | { ok: false; errors: FieldErrors };

export interface ValidateOptions {
  /** On creation, fields not sent take their default. */
  isNew: boolean;
  /** What the caller has left to spend on patterns, when this is part of a larger check. */
  patterns?: PatternBudget;
}

/**
 * Validates an entry's field values against the type's definitions and normalizes them (datetimes
 * to UTC with Z, richtext sanitized, colours lowercased). Each failing value gives a message under
 * its path (`fields.price`, `fields.gallery[2].caption`); keys the type does not define are refused.
 * Media and relation ids are returned for the caller to check against the site.
 */
export function validateFieldValues(
  definitions: readonly FieldDefinition[],
  values: Record<string, unknown>,
  options: ValidateOptions,
): FieldValidation {
  const errors = fieldErrors();
  const relations: RelationRefs[] = [];
  const media: MediaRefs[] = [];
  const patterns = options.patterns ?? new PatternBudget();
  const normalized = validateGroup(definitions, values, 'fields', options, {
    errors,
    relations,
    media,
    patterns,
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: normalized, relations, media };
}

interface Found {
  errors: FieldErrors;
  relations: RelationRefs[];
  media: MediaRefs[];
  patterns: PatternBudget;
}

function validateGroup(
  definitions: readonly FieldDefinition[],
  values: unknown,
  path: string,
  options: ValidateOptions,
  found: Found,
): Record<string, unknown> {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    addFieldError(found.errors, path, fieldMessage('field.values_object'));
    return {};
  }
  const given = values as Record<string, unknown>;
  const known = new Set(definitions.map((definition) => definition.key));
  for (const key of Object.keys(given))
    if (!known.has(key)) addFieldError(found.errors, `${path}.${key}`, fieldMessage('field.unknown_field'));
  const out: Record<string, unknown> = {};
  for (const definition of definitions) {
    const at = `${path}.${definition.key}`;
    let value = Object.hasOwn(given, definition.key) ? given[definition.key] : undefined;
    if (value === undefined && options.isNew && definition.default !== undefined)
      value = structuredClone(definition.default);
    if (
      value === undefined ||
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.length === 0)
    ) {
      if (definition.required)
        addFieldError(found.errors, at, fieldMessage('field.label_required', { label: definition.label }));
      else if (value !== undefined) out[definition.key] = emptyOf(definition);
      continue;
    }
    const checked = validateValue(definition, value, at, options, found);
    if (checked !== undefined) out[definition.key] = checked;
  }
  return out;
}

function emptyOf(definition: FieldDefinition): unknown {
  if (definition.type === 'repeater' || isList(definition)) return [];
  if (definition.type === 'checkbox') return false;
  return null;
}

function isList(definition: FieldDefinition): boolean {
  if (definition.type === 'relation') return definition.cardinality === 'many';
  return (
    (definition.type === 'select' || definition.type === 'file' || definition.type === 'image') &&
    definition.multiple === true
  );
}

/** The value normalized, or undefined after recording why it is refused. */
function validateValue(
  definition: FieldDefinition,
  value: unknown,
  at: string,
  options: ValidateOptions,
  found: Found,
): unknown {
  const fail = (message: string): undefined => {
    addFieldError(found.errors, at, message);
    return undefined;
  };
  switch (definition.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return fail(fieldMessage('field.text'));
      const problem = lengthProblem(definition, value);
      if (problem) return fail(problem);
      if (definition.type === 'text' && value.includes('\n')) return fail(fieldMessage('field.single_line'));
      const mismatch = definition.pattern ? formatProblem(definition.pattern, value, found.patterns) : null;
      return mismatch ? fail(mismatch) : value;
    }
    case 'richtext': {
      if (typeof value !== 'string') return fail(fieldMessage('field.html'));
      const clean = sanitizeRichText(value);
      const problem = lengthProblem(definition, clean);
      if (problem) return fail(problem);
      // Its images are media uses like an image field's: checked on the site, listed, protected.
      const images = richTextMediaIds(clean);
      if (images.length > 0) found.media.push({ path: at, ids: images, list: false, accepts: ['image'] });
      return clean;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(fieldMessage('field.number'));
      if (definition.integer && !Number.isInteger(value)) return fail(fieldMessage('field.integer'));
      if (definition.decimals !== undefined && !hasAtMostDecimals(value, definition.decimals))
        return fail(fieldMessage('field.decimals', { limit: definition.decimals }));
      if (typeof definition.min === 'number' && value < definition.min)
        return fail(fieldMessage('field.minimum', { limit: definition.min }));
      if (typeof definition.max === 'number' && value > definition.max)
        return fail(fieldMessage('field.maximum', { limit: definition.max }));
      return value;
    }
    case 'email': {
      if (typeof value !== 'string' || value.length > (definition.max_length ?? 254) || !EMAIL.test(value))
        return fail(fieldMessage('field.email'));
      return value.trim();
    }
    case 'url': {
      if (typeof value !== 'string' || value.length > (definition.max_length ?? 2048))
        return fail(fieldMessage('field.url'));
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return fail(fieldMessage('field.full_url'));
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(fieldMessage('field.http_only'));
      return value;
    }
    case 'select':
    case 'radio': {
      const allowed = new Set((definition.choices ?? []).map((choice) => choice.value));
      if (definition.type === 'select' && definition.multiple) {
        if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
          return fail(fieldMessage('field.choices'));
        const problem = countProblem(definition, value.length);
        if (problem) return fail(problem);
        const unknown = value.filter((item) => !allowed.has(item));
        if (unknown.length > 0) return fail(fieldMessage('field.not_among', { values: unknown.join(', ') }));
        return [...new Set(value)];
      }
      if (typeof value !== 'string' || !allowed.has(value)) return fail(fieldMessage('field.choice'));
      return value;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? value : fail(fieldMessage('field.boolean'));
    case 'date': {
      if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        return fail(fieldMessage('field.date'));
      if (new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
        return fail(fieldMessage('field.no_such_day'));
      return outOfBounds(definition, value) ? undefined : value;
    }
    case 'datetime': {
      const time =
        typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(time)) return fail(fieldMessage('field.datetime'));
      const iso = new Date(time).toISOString();
      return outOfBounds(definition, iso) ? undefined : iso;
    }
    case 'file':
    case 'image':
      return ids(definition, value, at, found, (list) =>
        found.media.push({
          path: at,
          ids: list,
          list: isList(definition),
          accepts: definition.type === 'image' ? ['image'] : (definition.mime_groups ?? null),
        }),
      );
    case 'relation':
      return ids(definition, value, at, found, (list) =>
        found.relations.push({ path: at, ids: list, targetType: definition.target_type ?? '' }),
      );
    case 'color':
      return typeof value === 'string' && COLOR.test(value)
        ? value.toLowerCase()
        : fail(fieldMessage('field.color'));
    case 'repeater': {
      if (!Array.isArray(value)) return fail(fieldMessage('field.items'));
      const problem = countProblem(definition, value.length);
      if (problem) return fail(problem);
      const subfields = (definition.fields ?? []) as FieldDefinition[];
      return value.map((item, i) => validateGroup(subfields, item, `${at}[${i}]`, options, found));
    }
    case 'json': {
      const text = JSON.stringify(value);
      if (text.length > (definition.max_bytes ?? DEFAULT_JSON_BYTES))
        return fail(fieldMessage('field.json_size'));
      if (depthOf(value) > MAX_JSON_DEPTH)
        return fail(fieldMessage('field.json_depth', { limit: MAX_JSON_DEPTH }));
      return value;
    }
    default:
      return fail(fieldMessage('field.unknown_type'));
  }

  /** Records why a date or time falls outside the field's bounds; true when it does. */
  function outOfBounds(field: FieldDefinition, value: string): boolean {
    if (typeof field.min === 'string' && Date.parse(value) < Date.parse(field.min)) {
      fail(fieldMessage('field.not_before', { limit: field.min }));
      return true;
    }
    if (typeof field.max === 'string' && Date.parse(value) > Date.parse(field.max)) {
      fail(fieldMessage('field.not_after', { limit: field.max }));
      return true;
    }
    return false;
  }
}

function ids(
  definition: FieldDefinition,
  value: unknown,
  at: string,
  found: Found,
  collect: (list: number[]) => void,
): unknown {
  const isId = (item: unknown): item is number =>
    Number.isInteger(item) && (item as number) >= 1 && (item as number) <= MAX_ID;
  if (isList(definition)) {
    if (!Array.isArray(value) || !value.every(isId)) {
      addFieldError(found.errors, at, fieldMessage('field.ids'));
      return undefined;
    }
    const problem = countProblem(definition, value.length);
    if (problem) {
      addFieldError(found.errors, at, problem);
      return undefined;
    }
    const list = [...new Set(value)];
    collect(list);
    return list;
  }
  if (!isId(value)) {
    addFieldError(found.errors, at, fieldMessage('field.id'));
    return undefined;
  }
  collect([value]);
  return value;
}

function lengthProblem(definition: FieldDefinition, value: string): string | null {
  const length = [...value].length;
  if (definition.min_length !== undefined && length < definition.min_length)
    return fieldMessage('field.min_length', { limit: definition.min_length });
  if (definition.max_length !== undefined && length > definition.max_length)
    return fieldMessage('field.max_length', { limit: definition.max_length });
  return null;
}

function countProblem(definition: FieldDefinition, count: number): string | null {
  if (definition.min_items !== undefined && count < definition.min_items)
    return fieldMessage('field.min_items', { limit: definition.min_items });
  if (definition.max_items !== undefined && count > definition.max_items)
    return fieldMessage('field.max_items', { limit: definition.max_items });
  return null;
}

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_JSON_DEPTH) return depth;
  if (Array.isArray(value)) return Math.max(depth + 1, ...value.map((item) => depthOf(item, depth + 1)));
  if (value && typeof value === 'object')
    return Math.max(depth + 1, ...Object.values(value).map((item) => depthOf(item, depth + 1)));
  return depth;
}
