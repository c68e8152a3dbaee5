/**
 * Reading the JSON Schema of block props (GET /api/builder/blocks, TypeBox's output) to choose an
 * input for each prop. Pure, so the visual builder's settings panel reuses it.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  /** The prop's label, for a plugin's block (the core's props are named by their key). */
  title?: string;
  /**
   * A plugin block's prop chosen among its own records: a GET route of the plugin (`/api/forms/choices`)
   * answering `[{ value, label }]`, shown as a choice by label.
   */
  'x-options'?: string;
}

export const BREAKPOINTS = ['desktop', 'tablet', 'mobile'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** What a block type says about its props beyond their schema. */
export interface PropHints {
  /** Props holding HTML: edited as rich text. */
  richText: readonly string[];
  /** Props holding media library items. */
  media: readonly string[];
}

/** The input a schema gets. */
export type Kind =
  | { kind: 'text'; long: boolean }
  | { kind: 'link' }
  | { kind: 'richtext' }
  | { kind: 'color' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: string[] }
  | { kind: 'choices'; options: string[] }
  | { kind: 'remote'; url: string; integer: boolean }
  | { kind: 'media'; many: boolean; nullable: boolean }
  | { kind: 'responsive'; value: JsonSchema }
  | { kind: 'list'; item: JsonSchema }
  | { kind: 'object' }
  | { kind: 'unknown' };

/** Strings longer than this get a multi-line input. */
const LONG_TEXT = 500;

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** The literals of a union of constants (TypeBox `Union([Literal...])`), else null. */
export function literalsOf(schema: JsonSchema): string[] | null {
  if (schema.enum?.every((value) => typeof value === 'string')) return schema.enum as string[];
  if (!schema.anyOf || schema.anyOf.length === 0) return null;
  const values = schema.anyOf.map((option) => option.const);
  return values.every((value) => typeof value === 'string') ? (values as string[]) : null;
}

/** `X | null`: the X, else null. */
export function nullableOf(schema: JsonSchema): JsonSchema | null {
  if (schema.anyOf?.length !== 2) return null;
  const nonNull = schema.anyOf.filter((option) => option.type !== 'null');
  return nonNull.length === 1 && nonNull[0] ? nonNull[0] : null;
}

/** The value schema of a per-breakpoint object (Responsive in packages/blocks), else null. */
export function responsiveValueOf(schema: JsonSchema): JsonSchema | null {
  const properties = schema.properties;
  if (typeOf(schema) !== 'object' || !properties) return null;
  const keys = Object.keys(properties);
  if (keys.length !== 3 || !BREAKPOINTS.every((breakpoint) => keys.includes(breakpoint))) return null;
  if (!schema.required?.includes('desktop')) return null;
  return properties.desktop ?? null;
}

/** A colour that may name a design token (ColorValue in packages/blocks: `token:primary` or CSS). */
export function isColor(schema: JsonSchema): boolean {
  return typeOf(schema) === 'string' && (schema.pattern?.startsWith('^(token:') ?? false);
}

/** The unit a number is in, as the registry says it (`In px`): shown inside its input. */
export function unitOf(schema: JsonSchema): string | null {
  return /^In (px|%|em|rem|ms|s)\b/.exec(schema.description ?? '')?.[1] ?? null;
}

/**
 * Where a click goes (Href and the image's link in packages/blocks): a string whose pattern takes
 * both a path of the site and a web address, so a page or post can be picked for it.
 */
export function isLink(schema: JsonSchema): boolean {
  if (typeOf(schema) !== 'string' || !schema.pattern) return false;
  const pattern = new RegExp(schema.pattern);
  return pattern.test('/about') && pattern.test('https://example.com');
}

/**
 * The input for a prop. `path` is the prop's path in the block's props (`images.0.media_id`): a
 * media prop is one the block type lists, or the `media_id` of the items of one.
 */
export function kindOf(schema: JsonSchema, key: string, hints: PropHints, top: boolean): Kind {
  const nullable = nullableOf(schema);
  const base = nullable ?? schema;
  const literals = literalsOf(schema);
  if (literals) return { kind: 'choice', options: literals };
  const remote = schema['x-options'] ?? base['x-options'];
  if (typeof remote === 'string' && /^\/api\/[a-z0-9-]+\/[A-Za-z0-9/_-]*$/.test(remote))
    return { kind: 'remote', url: remote, integer: typeOf(base) === 'integer' };
  const media = top ? hints.media.includes(key) : key === 'media_id';
  if (media && (typeOf(base) === 'integer' || typeOf(base) === 'number'))
    return { kind: 'media', many: false, nullable: nullable !== null };
  if (media && typeOf(base) === 'array' && base.items && typeOf(base.items) === 'integer')
    return { kind: 'media', many: true, nullable: false };
  const responsive = responsiveValueOf(base);
  if (responsive) return { kind: 'responsive', value: responsive };
  switch (typeOf(base)) {
    case 'string':
      if (isColor(base)) return { kind: 'color' };
      if (isLink(base)) return { kind: 'link' };
      // Items' HTML fields are not listed by the registry view; their schema says what they hold.
      if ((top && hints.richText.includes(key)) || (!top && base.description?.startsWith('HTML')))
        return { kind: 'richtext' };
      return { kind: 'text', long: (base.maxLength ?? 0) > LONG_TEXT };
    case 'integer':
      return { kind: 'number', integer: true };
    case 'number':
      return { kind: 'number', integer: false };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array': {
      const item = base.items ?? {};
      const options = literalsOf(item);
      if (options) return { kind: 'choices', options };
      return { kind: 'list', item };
    }
    case 'object':
      return { kind: 'object' };
    default:
      return { kind: 'unknown' };
  }
}

/** Whether a prop of an object must be present. */
export function isRequired(parent: JsonSchema, key: string): boolean {
  return parent.required?.includes(key) ?? false;
}

/**
 * A new value for a schema: its default, else for what must be present the simplest valid-looking
 * value (an empty string, false, the minimum, the first choice, an object of its own defaults).
 */
export function initialValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  const literals = literalsOf(schema);
  if (literals) return literals[0];
  if (nullableOf(schema)) return null;
  switch (typeOf(schema)) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return defaultsOf(schema, true);
    default:
      return undefined;
  }
}

/**
 * The defaults of an object's props: each prop's default, and with `complete` a first value for
 * every required prop without one (a new list item the user then fills in).
 */
export function defaultsOf(schema: JsonSchema, complete = false): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.default !== undefined) values[key] = structuredClone(property.default);
    else if (complete && isRequired(schema, key)) {
      const value = initialValue(property);
      if (value !== undefined) values[key] = value;
    }
  }
  return values;
}

/** The value shown at each breakpoint, narrower ones inheriting, and where each comes from. */
export function perBreakpoint(
  value: Partial<Record<Breakpoint, unknown>> | undefined,
): Record<Breakpoint, { value: unknown; from: Breakpoint | null }> {
  const desktop = { value: value?.desktop, from: value?.desktop === undefined ? null : ('desktop' as const) };
  const tablet = value?.tablet !== undefined ? { value: value.tablet, from: 'tablet' as const } : desktop;
  const mobile = value?.mobile !== undefined ? { value: value.mobile, from: 'mobile' as const } : tablet;
  return { desktop, tablet, mobile };
}

/** `backgroundColor` → "Background color": a label for a prop no translation names. */
export function humanize(key: string): string {
  const words = key
    .replace(/_id$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A prop of the props object, read along a dotted path (`items.0.title`). */
export function readPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[String(part)];
  }
  return current;
}

const HTML_TAG = /<[^>]*>/g;

/** A block's one-line summary for the outline: its main text, without HTML. */
export function summaryOf(props: Record<string, unknown>): string {
  for (const key of [
    'text',
    'title',
    'question',
    'label',
    'caption',
    'content',
    'name',
    'code',
    'homeLabel',
  ]) {
    const value = props[key];
    if (typeof value !== 'string') continue;
    const text = value
      .replace(HTML_TAG, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;|&#39;/g, (entity) => (entity === '&quot;' ? '"' : "'"))
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text.length > 60 ? `${text.slice(0, 59)}…` : text;
  }
  return '';
}
