import type {
  ContentTypeDefinition,
  FieldDefinition,
  ListFilterDefinition,
  PluginFieldCheck,
} from '@tessera/plugin';
import type { FieldErrors } from '../errors.js';

/**
 * Checks of what plugins declare that only the content module can make (the 17 field types'
 * options, route patterns): handed to the host when plugins load, so a plugin with a bad
 * definition fails to load, whole, instead of failing a site's requests later.
 */
export interface ContentChecks {
  /** Problems of a type definition by path (`fields.0.max_length`); empty when it is sound. */
  type(definition: ContentTypeDefinition): FieldErrors;
  /** Problems of field definitions by path (`0.choices`). */
  fields(fields: readonly FieldDefinition[]): FieldErrors;
  /** Definitions written at run time (`plugin.content.checkFields`), by path (`fields[0].choices`). */
  written(fields: unknown): FieldErrors;
  /** Values against definitions, as an entry's are checked (`plugin.content.checkValues`). */
  values(fields: readonly FieldDefinition[], values: unknown, options: { isNew: boolean }): PluginFieldCheck;
}

/** What one plugin's setup declared with `plugin.content`. */
export interface DeclaredContent {
  types: ContentTypeDefinition[];
  fields: Array<{ types: readonly string[] | '*'; fields: readonly FieldDefinition[] }>;
  filters: ListFilterDefinition[];
}

/** A list filter of an active plugin, as the content list applies it (`seo.rating`). */
export interface ListFilterSource {
  table: string;
  entryColumn: string;
  valueColumn: string;
  values: readonly string[];
}

/** A field a plugin adds to a type, its key in the plugin's namespace (`seo.title`). */
export type AddedField = Omit<FieldDefinition, 'key'> & { key: string; plugin: string };

const SLUG = /^[a-z][a-z0-9_]{1,39}$/;
const KEY = /^[a-z][a-z0-9_]{0,63}$/;

/** The checks a declaration gets in setup, before anything is staged: names and shapes. */
export function checkDeclaredType(definition: ContentTypeDefinition): void {
  if (!definition || typeof definition !== 'object' || !SLUG.test(String(definition.slug)))
    throw new Error('a content type needs a slug of 2 to 40 characters: a-z, 0-9 and _');
}

export function checkDeclaredFields(
  types: readonly string[] | '*',
  fields: readonly FieldDefinition[],
): void {
  if (types !== '*' && (!Array.isArray(types) || types.some((slug) => !SLUG.test(String(slug)))))
    throw new Error("addFields takes a list of content type slugs, or '*' for every type");
  if (!Array.isArray(fields) || fields.length === 0) throw new Error('addFields takes at least one field');
  for (const field of fields)
    if (!KEY.test(String(field?.key)))
      throw new Error(`field key "${String(field?.key)}" must be of a-z, 0-9 and _, starting with a letter`);
}

const COLUMN = /^[a-z][a-z0-9_]{0,62}$/;
const FILTER_VALUE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * A list filter's names, checked before they are staged: its table is one of the plugin's own, and
 * every identifier is plain, since the core writes them into the list's query.
 */
export function checkListFilter(area: string, definition: ListFilterDefinition): void {
  if (!definition || typeof definition !== 'object' || !KEY.test(String(definition.name)))
    throw new Error('a list filter needs a name of a-z, 0-9 and _, starting with a letter');
  const { name, types, table, entryColumn, valueColumn, values } = definition;
  if (types !== '*' && (!Array.isArray(types) || types.some((slug) => !SLUG.test(String(slug)))))
    throw new Error(`list filter ${name}: types is a list of content type slugs, or '*'`);
  if (!COLUMN.test(String(table)) || !String(table).startsWith(`${area}_`))
    throw new Error(`list filter ${name}: its table must be one of the plugin's own (${area}_...)`);
  if (!COLUMN.test(String(entryColumn)) || !COLUMN.test(String(valueColumn)))
    throw new Error(`list filter ${name}: its columns must be of a-z, 0-9 and _`);
  if (
    !Array.isArray(values) ||
    values.length === 0 ||
    values.some((value) => !FILTER_VALUE.test(String(value)))
  )
    throw new Error(`list filter ${name}: values is a list of 1 to 40 characters of A-Z, a-z, 0-9, _ and -`);
}

/** The list filter `name` (without the area) one plugin declares for `type`, if any. */
export function listFilterOf(declared: DeclaredContent, type: string, name: string): ListFilterSource | null {
  const found = declared.filters.find(
    (filter) => filter.name === name && (filter.types === '*' || filter.types.includes(type)),
  );
  return found
    ? {
        table: found.table,
        entryColumn: found.entryColumn,
        valueColumn: found.valueColumn,
        values: found.values,
      }
    : null;
}

/** Applies the content checks; the first problem fails the plugin with its path. */
export function requireSoundContent(declared: DeclaredContent, checks: ContentChecks): void {
  const first = (errors: FieldErrors, where: string) => {
    const [path, messages] = Object.entries(errors)[0] ?? [];
    if (path !== undefined) throw new Error(`${where}: ${path}: ${messages?.[0] ?? 'invalid'}`);
  };
  for (const type of declared.types) first(checks.type(type), `content type ${type.slug}`);
  for (const added of declared.fields) first(checks.fields(added.fields), 'added fields');
  const filters = new Set<string>();
  for (const filter of declared.filters) {
    if (filters.has(filter.name)) throw new Error(`list filter "${filter.name}" is declared twice`);
    filters.add(filter.name);
  }
  const keys = new Set<string>();
  for (const added of declared.fields)
    for (const field of added.fields) {
      if (keys.has(field.key)) throw new Error(`field "${field.key}" is added twice`);
      keys.add(field.key);
    }
}

/** The fields one plugin adds to a type, in its namespace. */
export function fieldsAddedTo(
  plugin: string,
  area: string,
  declared: DeclaredContent,
  type: string,
): AddedField[] {
  return declared.fields
    .filter((added) => added.types === '*' || added.types.includes(type))
    .flatMap((added) => added.fields.map((field) => ({ ...field, key: `${area}.${field.key}`, plugin })));
}
