import type { Say } from '../forms.js';
import { BYTES_PER_MB, type FieldSpec, HEX_COLOR, type Input } from './form-fields.js';
import { valueAt } from './form-values.js';

/**
 * The server's 422 messages for a group (`general.time_zone`, `media.allowed_types.2`) by the
 * field each belongs to; those of no field shown (an unknown key) under `''`.
 */
export function errorsByField(
  group: string,
  fields: readonly FieldSpec[],
  errors: Record<string, string[]>,
  itemMessage: (n: number, message: string) => string,
): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const paths = [...fields.map((field) => field.path)].sort((a, b) => b.length - a.length);
  for (const [key, messages] of Object.entries(errors)) {
    const inGroup = key.startsWith(`${group}.`) ? key.slice(group.length + 1) : key;
    const path = paths.find((each) => inGroup === each || inGroup.startsWith(`${each}.`));
    const rest = path === undefined ? '' : inGroup.slice(path.length + 1);
    const item = /^\d+$/.test(rest) ? Number(rest) + 1 : null;
    const target = path ?? '';
    const shown = messages.map((message) =>
      item !== null ? itemMessage(item, message) : path === undefined ? `${key}: ${message}` : message,
    );
    found[target] = [...(found[target] ?? []), ...shown];
  }
  return found;
}

const COLOR = new RegExp(HEX_COLOR);

/** Bytes as the megabytes an input shows, to two decimals rounded inwards (a bound said is one kept). */
function megabytes(bytes: number, round: (n: number) => number): number {
  return round((bytes / BYTES_PER_MB) * 100) / 100;
}

/**
 * The keys about to be sent (`changed`) checked against the bounds their schema gave the inputs,
 * before a request: the problems by field path, said with `say` (a key under `server`). A
 * megabytes input's bounds are said in megabytes, as it is edited.
 */
export function settingProblems(
  fields: readonly FieldSpec[],
  values: Record<string, unknown>,
  changed: readonly string[],
  say: Say,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    if (!changed.includes(field.path.split('.')[0] ?? '')) continue;
    const problem = settingProblem(field.input, valueAt(values, field.path), say);
    if (problem) problems[field.path] = problem;
  }
  return problems;
}

function settingProblem(input: Input, value: unknown, say: Say): string | null {
  switch (input.kind) {
    case 'text':
      if (typeof value !== 'string') return null;
      if (input.minLength !== undefined && value.length < input.minLength)
        return value === '' ? say('required') : say('minLength', { limit: input.minLength });
      return input.maxLength !== undefined && value.length > input.maxLength
        ? say('maxLength', { limit: input.maxLength })
        : null;
    case 'number':
      if (value === null) return input.nullable ? null : say('required');
      if (typeof value !== 'number') return say('number');
      if (input.min !== undefined && value < input.min) return say('minimum', { limit: input.min });
      if (input.max !== undefined && value > input.max) return say('maximum', { limit: input.max });
      return input.decimals || Number.isInteger(value) ? null : say('integer');
    case 'megabytes':
      if (value === null) return say('required');
      if (typeof value !== 'number') return say('number');
      if (input.min !== undefined && value < input.min)
        return say('minimum', { limit: megabytes(input.min, Math.ceil) });
      return input.max !== undefined && value > input.max
        ? say('maximum', { limit: megabytes(input.max, Math.floor) })
        : null;
    case 'tags':
    case 'integers':
      if (!Array.isArray(value)) return null;
      if (input.minItems !== undefined && value.length < input.minItems)
        return say('minItems', { limit: input.minItems });
      return input.maxItems !== undefined && value.length > input.maxItems
        ? say('maxItems', { limit: input.maxItems })
        : null;
    case 'color':
      if (value === null) return input.nullable ? null : say('required');
      return typeof value === 'string' && !COLOR.test(value) ? say('color') : null;
    default:
      return null;
  }
}
