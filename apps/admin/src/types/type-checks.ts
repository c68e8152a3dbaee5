import type { Say } from '../forms.js';
import type { FieldDraft, TypeDraft } from './model.js';

const TYPE_SLUG = /^[a-z][a-z0-9_]{1,39}$/;
const FIELD_KEY = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The server's rules for a content type's basics and its fields' keys and labels
 * (content/types/content-type.ts, fields/definition.ts, a key once among its siblings as
 * check-definitions.ts wants), by the paths of its 422 (`plural_label`, `fields[1].fields[0].key`).
 * The options of each field type are left to the server.
 */
export function typeProblems(draft: TypeDraft, isNew: boolean, say: Say): Record<string, string> {
  const problems: Record<string, string> = {};
  const text = (path: string, value: string, max: number, required: boolean) => {
    if (required && value === '') problems[path] = say('required');
    else if (value.length > max) problems[path] = say('maxLength', { limit: max });
  };
  text('singular_label', draft.singular_label.trim(), 80, true);
  text('plural_label', draft.plural_label.trim(), 80, true);
  text('description', draft.description, 500, false);
  // Left empty on a new type, the address is made from the slug.
  text('route_pattern', draft.route_pattern.trim(), 200, !isNew);
  if (isNew) {
    const slug = draft.slug.trim();
    if (slug === '') problems.slug = say('required');
    else if (!TYPE_SLUG.test(slug)) problems.slug = say('pattern');
  }
  fieldsProblems(draft.fields, 'fields', say, problems);
  return problems;
}

function fieldsProblems(
  fields: readonly FieldDraft[],
  at: string,
  say: Say,
  problems: Record<string, string>,
) {
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const here = `${at}[${index}]`;
    const key = field.key.trim();
    const label = field.label.trim();
    if (key === '') problems[`${here}.key`] = say('required');
    else if (!FIELD_KEY.test(key)) problems[`${here}.key`] = say('pattern');
    else if (seen.has(key)) problems[`${here}.key`] = say('taken');
    seen.add(key);
    if (label === '') problems[`${here}.label`] = say('required');
    else if (label.length > 120) problems[`${here}.label`] = say('maxLength', { limit: 120 });
    fieldsProblems(field.fields, `${here}.fields`, say, problems);
  });
}
