import { type Presentation, presentationOf } from './fields.js';

/**
 * What the form generator reads of a JSON Schema: the keywords TypeBox writes (and a plugin author
 * may write by hand), plus `x-input` for the inputs a type cannot say (docs/plugins.md, Settings).
 */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  'x-input'?: string;
}

/** A settings group as GET /api/settings/schemas describes it. */
export interface GroupSchema {
  /** "core", or the plugin that defined the group. */
  owner: string;
  title: string | null;
  description: string | null;
  schema: Record<string, unknown>;
  secrets: string[];
  guarded: Record<string, string>;
}

/**
 * Words on the form: a translation of the admin's when it has `key` (core groups, in the admin's
 * language), else `text` (a plugin's schema title or description, or a key humanized).
 */
export interface Words {
  key?: string;
  text?: string;
}

export type Input =
  | { kind: 'text'; minLength?: number; maxLength?: number; multiline?: boolean; nullable?: boolean }
  | { kind: 'timeZone' }
  | { kind: 'number'; min?: number; max?: number; step?: number; decimals: boolean; nullable?: boolean }
  /** Bytes, edited in megabytes; the bounds in bytes. */
  | { kind: 'megabytes'; min?: number; max?: number }
  | { kind: 'switch' }
  | { kind: 'select'; options: ReadonlyArray<{ value: string; label: Words }> }
  /** A list of strings. */
  | { kind: 'tags'; minItems?: number; maxItems?: number }
  /** A list of whole numbers. */
  | { kind: 'integers'; minItems?: number; maxItems?: number }
  /** One of the site's languages (those of the form's enabled_locales, when it has them). */
  | { kind: 'locale' }
  /** A published page's id, or null. */
  | { kind: 'page' }
  /** A media library image, by id (`'x-input': 'image'`). */
  | { kind: 'image' }
  /** Write-only: reads `{ set: boolean }`, takes a string to set it, null to clear it. */
  | { kind: 'secret' }
  /** #rrggbb; with `nullable`, empty is null (a theme's own colour). */
  | { kind: 'color'; nullable: boolean }
  /** Anything else, as JSON. */
  | { kind: 'json' };

export interface FieldSpec {
  /** The key in the group, dotted for a key of a nested object (`orphans.action`). */
  path: string;
  input: Input;
  label: Words;
  help?: Words;
  /** The fieldset the field belongs in. */
  section?: Words;
  /** The permission the server needs besides settings.edit to change the key (its `guarded`). */
  permission?: string;
  /** Shown only when the group's other values make it matter. */
  shown?: (values: Record<string, unknown>) => boolean;
}

export const BYTES_PER_MB = 1024 * 1024;

/** The one string pattern read as a colour: what the design tokens and a plugin's colour take. */
export const HEX_COLOR = '^#[0-9a-fA-F]{6}$';

/** "max_links" as "Max links": the label of a key whose schema has no title. */
export function humanize(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The form of a settings group, built from its schema: one field per key in the schema's order (a
 * nested object's keys in a fieldset of their own), each input chosen by the key's type, bounds,
 * choices and `x-input`; secrets write-only, guarded keys with their permission. A core group's
 * words are the admin's translations (fields.ts adds its sections and conditions), a plugin's
 * are its schema's titles and descriptions.
 */
export function formFields(name: string, group: GroupSchema): FieldSpec[] {
  const at: Place = { group: name, core: group.owner === 'core', secrets: new Set(group.secrets) };
  const properties = (group.schema as JsonSchema).properties ?? {};
  return Object.entries(properties).flatMap(([key, schema]) =>
    fieldsOf({ ...at, permission: group.guarded[key] }, key, schema, {}),
  );
}

interface Place {
  group: string;
  core: boolean;
  secrets: ReadonlySet<string>;
  permission?: string | undefined;
}

/** What a nested object hands its keys: its fieldset, and where a core group's labels of them are. */
interface Outer {
  section?: Words;
  labels?: string;
}

/** A key's fields: one, or one per key of a nested object, in that object's fieldset. */
function fieldsOf(at: Place, path: string, schema: JsonSchema, outer: Outer): FieldSpec[] {
  const look: Presentation = (at.core && presentationOf(at.group, path)) || {};
  const section = look.section ? { key: look.section } : outer.section;
  const key = path.split('.').at(-1) ?? path;
  if (schema.properties && typeOf(schema) === 'object' && !at.secrets.has(path)) {
    const fieldset = section ?? { text: schema.title ?? humanize(key) };
    return Object.entries(schema.properties).flatMap(([child, childSchema]) =>
      fieldsOf(at, `${path}.${child}`, childSchema, {
        section: fieldset,
        ...(look.labels ? { labels: look.labels } : {}),
      }),
    );
  }
  const title = schema.title ?? humanize(key);
  const options = look.options ?? `settings.option.${at.group}.${path}`;
  const help = at.core
    ? { key: `settings.help.${at.group}.${path}` }
    : schema.description
      ? { text: schema.description }
      : undefined;
  return [
    {
      path,
      input: at.secrets.has(path) ? { kind: 'secret' } : inputOf(schema, at.core ? options : null, look.step),
      label: at.core
        ? { key: outer.labels ? `${outer.labels}.${key}` : `settings.label.${at.group}.${path}`, text: title }
        : { text: title },
      ...(help ? { help } : {}),
      ...(section ? { section } : {}),
      ...(at.permission ? { permission: at.permission } : {}),
      ...(look.shown ? { shown: look.shown } : {}),
    },
  ];
}

/** The input a key's schema calls for; `optionKey` names a core group's choices' translations. */
export function inputOf(schema: JsonSchema, optionKey: string | null, step?: number): Input {
  const { inner, nullable } = withoutNull(schema);
  switch (schema['x-input'] ?? inner['x-input']) {
    case 'timeZone':
      return { kind: 'timeZone' };
    case 'locale':
      return { kind: 'locale' };
    case 'page':
      return { kind: 'page' };
    case 'image':
      return { kind: 'image' };
    case 'megabytes':
      return { kind: 'megabytes', ...bounds(inner.minimum, inner.maximum) };
    case 'multiline':
      return { ...textInput(inner, nullable), multiline: true };
  }
  const choices = choicesOf(inner);
  if (choices)
    return {
      kind: 'select',
      options: choices.map(({ value, title }) => ({
        value,
        label: optionKey ? { key: `${optionKey}.${value}`, text: title ?? value } : { text: title ?? value },
      })),
    };
  switch (typeOf(inner)) {
    case 'boolean':
      return { kind: 'switch' };
    case 'integer':
    case 'number':
      return {
        kind: 'number',
        ...bounds(inner.minimum, inner.maximum),
        decimals: typeOf(inner) === 'number',
        ...(step !== undefined ? { step } : {}),
        ...(nullable ? { nullable } : {}),
      };
    case 'string':
      return inner.pattern === HEX_COLOR ? { kind: 'color', nullable } : textInput(inner, nullable);
    case 'array': {
      const items = typeOf(inner.items ?? {});
      const count = { ...limit('minItems', inner.minItems), ...limit('maxItems', inner.maxItems) };
      if (items === 'string') return { kind: 'tags', ...count };
      if (items === 'integer') return { kind: 'integers', ...count };
      return { kind: 'json' };
    }
    default:
      return { kind: 'json' };
  }
}

function textInput(schema: JsonSchema, nullable: boolean): Input & { kind: 'text' } {
  return {
    kind: 'text',
    ...limit('minLength', schema.minLength),
    ...limit('maxLength', schema.maxLength),
    ...(nullable ? { nullable } : {}),
  };
}

function bounds(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  return { ...limit('min', min), ...limit('max', max) };
}

function limit<K extends string>(name: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [name]: value } as Record<K, number>);
}

/** The one type a schema names, null aside (`["string", "null"]` is a string). */
function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  return schema.type?.find((type) => type !== 'null');
}

/** A schema that also takes null (TypeBox's Union with Null, or a type list), and what else it takes. */
function withoutNull(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const members = schema.anyOf ?? schema.oneOf;
  if (members) {
    const others = members.filter((member) => member.type !== 'null');
    if (others.length === 1 && others.length < members.length && others[0])
      return {
        inner: { ...others[0], 'x-input': schema['x-input'] ?? others[0]['x-input'] },
        nullable: true,
      };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) return { inner: schema, nullable: true };
  return { inner: schema, nullable: false };
}

/** The choices of a string enum, `enum` or a union of `const`s (with their titles), or null. */
function choicesOf(schema: JsonSchema): Array<{ value: string; title?: string }> | null {
  if (schema.enum?.every((value) => typeof value === 'string'))
    return schema.enum.map((value) => ({ value: value as string }));
  const members = schema.anyOf ?? schema.oneOf;
  if (members?.length && members.every((member) => typeof member.const === 'string'))
    return members.map((member) => ({
      value: member.const as string,
      ...(member.title ? { title: member.title } : {}),
    }));
  return null;
}
