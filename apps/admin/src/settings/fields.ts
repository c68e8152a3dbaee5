import type { Say } from '../forms.js';

/**
 * How each settings group the server registers is edited. GET /api/settings answers values only,
 * not the groups' schemas, so the core groups' fields, bounds and choices are restated here from
 * the server's registrations (modules/settings/core-groups.ts, media/settings.ts, ...); a group or
 * key this file does not know (a plugin's) still gets a form, its inputs inferred from the values.
 */
export type Input =
  | { kind: 'text'; maxLength?: number; multiline?: boolean }
  | { kind: 'timeZone' }
  | { kind: 'number'; min?: number; max?: number; step?: number; decimals?: boolean }
  /** Bytes, edited in megabytes. */
  | { kind: 'megabytes'; max: number }
  | { kind: 'switch' }
  | { kind: 'select'; options: readonly string[]; optionKey: string }
  /** A list of strings. */
  | { kind: 'tags'; maxItems?: number }
  /** A list of whole numbers. */
  | { kind: 'integers'; maxItems?: number }
  /** One of the values of the general group's enabled_locales. */
  | { kind: 'locale' }
  /** A published page's id, or null. */
  | { kind: 'page' }
  /** Write-only: reads `{ set: boolean }`, takes a string to set it, null to clear it. */
  | { kind: 'secret' }
  /** #rrggbb, or null for the theme's own. */
  | { kind: 'color' }
  /** Anything else, as JSON. */
  | { kind: 'json' };

export interface FieldSpec {
  /** The key in the group, dotted for a key of a nested object (`orphans.action`). */
  path: string;
  input: Input;
  /** A translation key, or with `text` the label as it is (a key nobody translated). */
  label: string;
  labelValues?: Record<string, string>;
  text?: string;
  /** A translation key; shown when it exists. */
  help?: string;
  /** A translation key of the fieldset the field belongs in. */
  section?: string;
  /** The permission the server needs besides settings.edit to change the key (its `guarded`). */
  permission?: string;
  /** Shown only when the group's other values make it matter. */
  shown?: (values: Record<string, unknown>) => boolean;
}

type Extra = Partial<Pick<FieldSpec, 'section' | 'permission' | 'shown'>>;

function fieldsOf(group: string, entries: Array<[string, Input, Extra?]>): FieldSpec[] {
  return entries.map(([path, input, extra]) => ({
    path,
    input,
    label: `settings.label.${group}.${path}`,
    help: `settings.help.${group}.${path}`,
    ...extra,
  }));
}

const MB = 1024 * 1024;
const TEN_GB_IN_MB = 10 * 1024;
const int = (min: number, max: number): Input => ({ kind: 'number', min, max });
const choice = (optionKey: string, options: readonly string[]): Input => ({
  kind: 'select',
  options,
  optionKey,
});

export const BYTES_PER_MB = MB;

const COLOR_NAMES = ['primary', 'secondary', 'accent', 'text', 'background', 'surface', 'muted', 'border'];
const FONTS = ['system', 'humanist', 'geometric', 'serif', 'mono'];

function palette(key: 'colors' | 'dark_colors', section: string): FieldSpec[] {
  return COLOR_NAMES.map((name) => ({
    path: `${key}.${name}`,
    input: { kind: 'color' },
    label: `settings.color.${name}`,
    section,
    permission: 'patterns.manage',
  }));
}

const typeface = { section: 'settings.section.type' };
const shapes = { section: 'settings.section.shapes' };

const design: FieldSpec[] = [
  ...palette('colors', 'settings.section.colors'),
  ...palette('dark_colors', 'settings.section.darkColors'),
  ...fieldsOf('design', [
    ['font_body', choice('settings.option.design.font', FONTS), typeface],
    ['font_heading', choice('settings.option.design.font', FONTS), typeface],
    ['font_size', int(14, 22), typeface],
    ['type_scale', { kind: 'number', min: 1.05, max: 1.6, step: 0.05, decimals: true }, typeface],
    ['spacing', { kind: 'number', min: 0.25, max: 1, step: 0.05, decimals: true }, shapes],
    ['radius', int(0, 32), shapes],
    ['shadow', choice('settings.option.design.shadow', ['none', 'soft', 'strong']), shapes],
  ]),
].map((field) => ({ ...field, permission: 'patterns.manage' }));

const limits = { section: 'settings.section.limits' };
const images = { section: 'settings.section.images' };
const spam = { section: 'settings.section.spam' };

export const KNOWN_GROUPS: Record<string, FieldSpec[]> = {
  general: fieldsOf('general', [
    ['title', { kind: 'text', maxLength: 200 }],
    ['tagline', { kind: 'text', maxLength: 500, multiline: true }],
    ['time_zone', { kind: 'timeZone' }],
    ['date_format', { kind: 'text', maxLength: 50 }],
    ['time_format', { kind: 'text', maxLength: 50 }],
    ['enabled_locales', { kind: 'tags', maxItems: 100 }],
    ['default_locale', { kind: 'locale' }],
  ]),
  reading: fieldsOf('reading', [
    ['show_on_front', choice('settings.option.reading.show_on_front', ['posts', 'page'])],
    ['front_page_id', { kind: 'page' }, { shown: (values) => values.show_on_front === 'page' }],
    ['posts_per_page', int(1, 100)],
    ['feed_items', int(1, 100)],
  ]),
  discussion: fieldsOf('discussion', [
    ['comments_enabled', { kind: 'switch' }],
    ['require_name_email', { kind: 'switch' }],
    ['notify_authors', { kind: 'switch' }],
    ['close_after_days', int(0, 36_500)],
    ['max_depth', int(1, 10)],
    [
      'moderation',
      choice('settings.option.discussion.moderation', ['all', 'unknown_authors', 'none']),
      { section: 'settings.section.moderation' },
    ],
    ['max_links', int(0, 50), { section: 'settings.section.moderation' }],
    ['min_seconds', int(0, 600), spam],
    ['blocked_words', { kind: 'tags', maxItems: 1000 }, spam],
    ['blocked_ips', { kind: 'tags', maxItems: 1000 }, spam],
    ['blocked_email_domains', { kind: 'tags', maxItems: 1000 }, spam],
  ]),
  revisions: fieldsOf('revisions', [['revisions_to_keep', int(0, 1000)]]),
  editing: fieldsOf('editing', [['lock_idle_seconds', int(30, 3600)]]),
  media: fieldsOf('media', [
    ['allowed_types', { kind: 'tags', maxItems: 200 }],
    ['deduplicate', { kind: 'switch' }],
    ['keep_originals', { kind: 'switch' }],
    ['allow_private_sources', { kind: 'switch' }, { permission: 'sites.manage' }],
    ['max_image_bytes', { kind: 'megabytes', max: TEN_GB_IN_MB }, limits],
    ['max_video_bytes', { kind: 'megabytes', max: TEN_GB_IN_MB }, limits],
    ['max_audio_bytes', { kind: 'megabytes', max: TEN_GB_IN_MB }, limits],
    ['max_document_bytes', { kind: 'megabytes', max: TEN_GB_IN_MB }, limits],
    ['max_archive_bytes', { kind: 'megabytes', max: TEN_GB_IN_MB }, limits],
    ['max_image_megapixels', int(1, 250), images],
    ['webp_quality', int(1, 100), images],
    ['max_image_dimension', int(0, 16_384), images],
    [
      'orphans.action',
      choice('settings.option.media.orphans.action', ['off', 'report', 'delete']),
      { section: 'settings.section.orphans' },
    ],
    ['orphans.min_age_days', int(1, 3650), { section: 'settings.section.orphans' }],
    ['unsplash_access_key', { kind: 'secret' }, { section: 'settings.section.stock' }],
    ['pexels_api_key', { kind: 'secret' }, { section: 'settings.section.stock' }],
  ]),
  webhooks: fieldsOf('webhooks', [
    ['allow_private_targets', { kind: 'switch' }, { permission: 'sites.manage' }],
    ['retry_delays_seconds', { kind: 'integers', maxItems: 20 }],
    ['log_days', int(1, 365)],
  ]),
  plugins: fieldsOf('plugins', [
    ['allow_private_addresses', { kind: 'switch' }, { permission: 'sites.manage' }],
  ]),
  analytics: fieldsOf('analytics', [['enabled', { kind: 'switch' }]]),
  design,
};

/** "max_links" as "Max links": the label of a key nobody translated. */
export function humanize(key: string): string {
  const words = key.replaceAll('_', ' ').replaceAll('.', ' – ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isSecretView(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as { set?: unknown }).set === 'boolean'
  );
}

/** An input for a value of unknown schema, guessed from the value itself. */
function inferred(value: unknown): Input {
  if (typeof value === 'boolean') return { kind: 'switch' };
  if (typeof value === 'number') return { kind: 'number', decimals: !Number.isInteger(value) };
  if (typeof value === 'string' || value === null) return { kind: 'text' };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return { kind: 'tags' };
  if (Array.isArray(value) && value.every((item) => Number.isInteger(item))) return { kind: 'integers' };
  if (isSecretView(value)) return { kind: 'secret' };
  return { kind: 'json' };
}

/**
 * The fields of a group as the server answered it: the known ones first, in their order, then
 * any key they do not cover with an inferred input.
 */
export function fieldsFor(group: string, values: Record<string, unknown>): FieldSpec[] {
  const known = (KNOWN_GROUPS[group] ?? []).filter((field) => (field.path.split('.')[0] ?? '') in values);
  const covered = new Set(known.map((field) => field.path.split('.')[0]));
  const others: FieldSpec[] = Object.keys(values)
    .filter((key) => !covered.has(key))
    .map((key) => ({ path: key, input: inferred(values[key]), label: '', text: humanize(key) }));
  return [...known, ...others];
}

/** A value inside a group's values by dotted path. */
export function valueAt(values: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
}

/** The group's values with the one at `path` replaced; nested objects copied, never changed. */
export function withValue(
  values: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return values;
  if (rest.length === 0) return { ...values, [key]: value };
  const inner = values[key];
  return {
    ...values,
    [key]: withValue(
      inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {},
      rest.join('.'),
      value,
    ),
  };
}

/** The top-level keys whose values differ: what PUT sends (a nested object goes whole). */
export function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

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

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The bounds this file restates from the server's registrations, checked on the keys about to be
 * sent (`changed`): the problems by field path, said with `say` (a key under `server`).
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
      return typeof value === 'string' && input.maxLength !== undefined && value.length > input.maxLength
        ? say('maxLength', { limit: input.maxLength })
        : null;
    case 'number':
      if (value === null) return say('required');
      if (typeof value !== 'number') return say('number');
      if (input.min !== undefined && value < input.min) return say('minimum', { limit: input.min });
      if (input.max !== undefined && value > input.max) return say('maximum', { limit: input.max });
      return input.decimals || Number.isInteger(value) ? null : say('integer');
    case 'megabytes':
      if (value === null) return say('required');
      if (typeof value !== 'number') return say('number');
      if (value < 0) return say('minimum', { limit: 0 });
      return value > input.max * MB ? say('maximum', { limit: input.max }) : null;
    case 'tags':
    case 'integers':
      return Array.isArray(value) && input.maxItems !== undefined && value.length > input.maxItems
        ? say('maxItems', { limit: input.maxItems })
        : null;
    case 'color':
      return typeof value === 'string' && !COLOR.test(value) ? say('color') : null;
    default:
      return null;
  }
}
