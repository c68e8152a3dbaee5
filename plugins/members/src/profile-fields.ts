import type { FieldDefinition, FieldType, PluginContext, PluginOperation } from '@tessera/plugin';
import type { ShownAt } from './model.js';
import { listProfileFields, type MembersTables, replaceProfileFields } from './repo.js';

/**
 * Profile fields administrators define, judged by the content engine (`plugin.content.checkFields`)
 * and kept in a table of their own, one row per field, rather than in the settings: a settings group
 * is one fixed TypeBox schema declared at load, while these definitions are written at run time and
 * need the engine's rules (choices, patterns RE2 runs, bounds), their order and where each is asked.
 */

/** A field as the API takes and answers it: the engine's definition, and where it is asked. */
export type ProfileField = FieldDefinition & { shown_at: ShownAt };

/** The engine's types a member can fill in on the site (image: through the admin, by media id). */
export const PROFILE_TYPES: readonly FieldType[] = [
  'text',
  'textarea',
  'number',
  'email',
  'url',
  'select',
  'checkbox',
  'radio',
  'date',
  'color',
  'image',
];

export function profileFields(plugin: PluginContext) {
  const db = (ctx: PluginOperation) => plugin.db<MembersTables>(ctx);

  async function list(ctx: PluginOperation): Promise<ProfileField[]> {
    return (await listProfileFields(db(ctx))).map(
      (row) =>
        ({ ...(row.definition as unknown as FieldDefinition), shown_at: row.shown_at }) as ProfileField,
    );
  }

  return {
    list,
    /** The definitions without where they are asked, as the engine takes them. */
    definitions: (fields: readonly ProfileField[], shownAt?: ShownAt): FieldDefinition[] =>
      fields
        .filter((field) => shownAt === undefined || field.shown_at === shownAt)
        .map(({ shown_at: _, ...definition }) => definition),
    /** Replaces the site's profile fields (422 by path, `fields[0].choices`, when one does not hold). */
    async replace(ctx: PluginOperation, fields: readonly ProfileField[]): Promise<ProfileField[]> {
      const problems: Record<string, string[]> = {};
      const definitions = fields.map(({ shown_at: _, ...definition }) => definition);
      fields.forEach((field, index) => {
        if (!PROFILE_TYPES.includes(field.type))
          problems[`fields[${index}].type`] = [`A profile field is one of: ${PROFILE_TYPES.join(', ')}.`];
      });
      Object.assign(problems, plugin.content.checkFields(definitions));
      if (Object.keys(problems).length > 0) throw new plugin.errors.ValidationFailed(problems);
      await ctx.transaction(async (tx) => {
        await replaceProfileFields(
          db(tx),
          fields.map(({ shown_at, ...definition }, position) => ({
            key: definition.key,
            definition: definition as unknown as Record<string, unknown>,
            shown_at,
            position,
          })),
        );
      });
      return list(ctx);
    },
  };
}

export type ProfileFields = ReturnType<typeof profileFields>;

/**
 * The values a site form posted, as the engine's types hold them: numbers, booleans for a checkbox,
 * lists for a multiple select; an empty input is no value. Keys not defined are dropped.
 */
export function valuesFromForm(
  definitions: readonly FieldDefinition[],
  form: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of definitions) {
    const posted = form[`profile_${field.key}`];
    if (field.type === 'checkbox') {
      values[field.key] = posted !== undefined && posted !== '';
      continue;
    }
    if (posted === undefined || posted === '') {
      values[field.key] = null;
      continue;
    }
    if (field.type === 'number') values[field.key] = Number(posted);
    else if (field.type === 'select' && field.multiple) values[field.key] = posted.split('\n');
    else values[field.key] = posted;
  }
  return values;
}
