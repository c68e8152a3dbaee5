import { addFieldError, type FieldErrors, fieldErrors } from '../../../core/errors.js';
import type { FieldDefinition } from './definition.js';

export interface FieldChangeOptions {
  /** Old key to new key, declared by the administrator. */
  renames: Record<string, string>;
  confirmDataLoss: boolean;
  /** Every entry's stored field values. */
  entries: readonly Record<string, unknown>[];
}

export type FieldChangePlan =
  | { ok: true; migrate: ((fields: Record<string, unknown>) => Record<string, unknown>) | null }
  | { ok: false; message: string; errors: FieldErrors };

/**
 * Plans a change of a type's top-level fields so no stored value is lost silently: renamed keys
 * carry their values to the new key; a removed field, or one whose type changes, that holds values
 * in some entry needs `confirmDataLoss` (its values are then dropped). Renames are checked: the old
 * key must exist before, the new one after, and not both.
 */
export function planFieldChange(
  before: readonly FieldDefinition[],
  after: readonly FieldDefinition[],
  options: FieldChangeOptions,
): FieldChangePlan {
  const errors = fieldErrors();
  const oldKeys = new Map(before.map((field) => [field.key, field]));
  const newKeys = new Map(after.map((field) => [field.key, field]));
  for (const [from, to] of Object.entries(options.renames)) {
    if (!oldKeys.has(from)) addFieldError(errors, `renames.${from}`, `There was no field ${from}.`);
    if (!newKeys.has(to)) addFieldError(errors, `renames.${from}`, `The new fields have no ${to}.`);
    if (newKeys.has(from))
      addFieldError(errors, `renames.${from}`, `${from} is still a field: it cannot also be renamed.`);
    const a = oldKeys.get(from);
    const b = newKeys.get(to);
    if (a && b && a.type !== b.type)
      addFieldError(errors, `renames.${from}`, `A rename keeps the type (${a.type} to ${b.type}).`);
  }
  if (Object.keys(errors).length > 0)
    return { ok: false, message: 'The renames do not match the fields.', errors };

  const renamedFrom = new Set(Object.keys(options.renames));
  const holdsValues = (key: string) =>
    options.entries.some((fields) => fields[key] !== undefined && fields[key] !== null && fields[key] !== '');
  const lost: string[] = [];
  for (const field of before) {
    if (renamedFrom.has(field.key)) continue;
    const next = newKeys.get(field.key);
    const changedType = next !== undefined && next.type !== field.type;
    if ((next === undefined || changedType) && holdsValues(field.key)) {
      lost.push(field.key);
      addFieldError(
        errors,
        `fields.${field.key}`,
        next === undefined
          ? `Entries hold values of ${field.key}; removing it deletes them.`
          : `Entries hold ${field.type} values of ${field.key}; making it ${next.type} deletes them.`,
      );
    }
  }
  if (lost.length > 0 && !options.confirmDataLoss)
    return {
      ok: false,
      message: `This change deletes the stored values of ${lost.join(', ')}. Send confirm_data_loss: true to go ahead.`,
      errors,
    };

  const dropped = new Set(lost);
  if (dropped.size === 0 && renamedFrom.size === 0) return { ok: true, migrate: null };
  return {
    ok: true,
    migrate: (fields) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(fields)) {
        if (dropped.has(key)) continue;
        out[options.renames[key] ?? key] = value;
      }
      return out;
    },
  };
}
