import type { paths } from '@tessera/sdk';

type Ok<T> = T extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
  ? D
  : never;

/** A content type as GET /api/content-types/{type} answers it. */
export type ContentType = Ok<paths['/api/content-types/{type}']['get']>;
export type FieldDefinition = ContentType['fields'][number];
export type FieldType = FieldDefinition['type'];
export type MimeGroup = NonNullable<FieldDefinition['mime_groups']>[number];

/** The 17 field types of spec 2.2, in the order the picker offers them. */
export const FIELD_TYPES: readonly FieldType[] = [
  'text',
  'textarea',
  'richtext',
  'number',
  'email',
  'url',
  'select',
  'checkbox',
  'radio',
  'date',
  'datetime',
  'file',
  'image',
  'color',
  'relation',
  'repeater',
  'json',
];

export const MIME_GROUPS: readonly MimeGroup[] = ['image', 'video', 'audio', 'document', 'archive'];

/** Repeaters hold repeaters this deep at most (the server's MAX_REPEATER_DEPTH). */
export const MAX_REPEATER_DEPTH = 3;

export type FieldOption =
  | 'min_length'
  | 'max_length'
  | 'pattern'
  | 'integer'
  | 'decimals'
  | 'min'
  | 'max'
  | 'choices'
  | 'multiple'
  | 'min_items'
  | 'max_items'
  | 'mime_groups'
  | 'target_type'
  | 'cardinality'
  | 'fields'
  | 'max_bytes';

/** Which options each type takes besides the common ones: the server's OPTIONS_OF, which refuses others (model.parity.test.ts keeps the two the same). */
export const OPTIONS_OF: Record<FieldType, readonly FieldOption[]> = {
  text: ['min_length', 'max_length', 'pattern'],
  textarea: ['min_length', 'max_length'],
  richtext: ['min_length', 'max_length'],
  number: ['integer', 'decimals', 'min', 'max'],
  email: ['max_length'],
  url: ['max_length'],
  select: ['choices', 'multiple', 'min_items', 'max_items'],
  checkbox: [],
  radio: ['choices'],
  date: ['min', 'max'],
  datetime: ['min', 'max'],
  file: ['mime_groups', 'multiple', 'min_items', 'max_items'],
  image: ['multiple', 'min_items', 'max_items'],
  color: [],
  relation: ['target_type', 'cardinality', 'min_items', 'max_items'],
  repeater: ['fields', 'min_items', 'max_items'],
  json: ['max_bytes'],
};

/** Types whose default the designer can ask for: a value typed in, not media, entries or items. */
export const TAKES_DEFAULT: ReadonlySet<FieldType> = new Set([
  'text',
  'textarea',
  'richtext',
  'number',
  'email',
  'url',
  'select',
  'checkbox',
  'radio',
  'date',
  'datetime',
  'color',
  'json',
]);

export interface ChoiceDraft {
  uid: string;
  label: string;
  value: string;
  /** The value follows the label until it is typed in (or came from the server). */
  valueTouched: boolean;
}

/** A field as the designer edits it: every option of every type, of which only its type's are sent. */
export interface FieldDraft {
  uid: string;
  /** The key the server stores this top-level field's values under; another key is a rename. */
  savedKey: string | null;
  /** The type it was saved with: a rename keeps values only when the type stays. */
  savedType: FieldType | null;
  /** The key follows the label until it is typed in (or came from the server). */
  keyTouched: boolean;
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  localized: boolean;
  help_text: string;
  /** undefined: no default. */
  default: unknown;
  min_length: number | undefined;
  max_length: number | undefined;
  pattern: string;
  integer: boolean;
  decimals: number | undefined;
  min: number | string | undefined;
  max: number | string | undefined;
  choices: ChoiceDraft[];
  multiple: boolean;
  min_items: number | undefined;
  max_items: number | undefined;
  mime_groups: MimeGroup[];
  target_type: string;
  cardinality: 'one' | 'many';
  fields: FieldDraft[];
  max_bytes: number | undefined;
}

export interface DisplayDraft {
  list_columns: string[];
  icon: string;
  menu_position: number;
}

/** Everything the designer edits of a type. */
export interface TypeDraft {
  slug: string;
  slugTouched: boolean;
  routeTouched: boolean;
  singular_label: string;
  plural_label: string;
  description: string;
  hierarchical: boolean;
  has_archive: boolean;
  allows_comments: boolean;
  uses_builder: boolean;
  in_feed: boolean;
  route_pattern: string;
  taxonomies: string[];
  display: DisplayDraft;
  fields: FieldDraft[];
}

let counter = 0;
/** An id that follows a field or choice through moves and renames (React keys, error mapping). */
export function newUid(): string {
  counter += 1;
  return `u${counter}`;
}

/** A field key from a label: `Unit price` → `unit_price` (lowercase, digits, _; a letter first). */
export function keyFromLabel(label: string): string {
  const base = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!base) return '';
  return (/^[a-z]/.test(base) ? base : `f_${base}`).slice(0, 64).replace(/_+$/, '');
}

/** A type slug from its singular name: like a key, 40 characters at most. */
export function slugFromLabel(label: string): string {
  return keyFromLabel(label).slice(0, 40).replace(/_+$/, '');
}

/** A URL segment from a name: `Case studies` → `case-studies`. */
export function segmentFromLabel(label: string): string {
  return keyFromLabel(label).replaceAll('_', '-');
}

export function emptyField(type: FieldType): FieldDraft {
  return {
    uid: newUid(),
    savedKey: null,
    savedType: null,
    keyTouched: false,
    key: '',
    label: '',
    type,
    required: false,
    localized: true,
    help_text: '',
    default: undefined,
    min_length: undefined,
    max_length: undefined,
    pattern: '',
    integer: false,
    decimals: undefined,
    min: undefined,
    max: undefined,
    choices: [],
    multiple: false,
    min_items: undefined,
    max_items: undefined,
    mime_groups: [],
    target_type: '',
    cardinality: 'one',
    fields: [],
    max_bytes: undefined,
  };
}

/** A definition from the server as the designer edits it; `top` fields remember their saved key. */
export function fieldDraftOf(definition: FieldDefinition, top: boolean): FieldDraft {
  return {
    ...emptyField(definition.type),
    savedKey: top ? definition.key : null,
    savedType: top ? definition.type : null,
    keyTouched: true,
    key: definition.key,
    label: definition.label,
    required: definition.required ?? false,
    localized: definition.localized ?? true,
    help_text: definition.help_text ?? '',
    default: definition.default,
    min_length: definition.min_length,
    max_length: definition.max_length,
    pattern: definition.pattern ?? '',
    integer: definition.integer ?? false,
    decimals: definition.decimals,
    min: definition.min,
    max: definition.max,
    choices: (definition.choices ?? []).map((choice) => ({ uid: newUid(), ...choice, valueTouched: true })),
    multiple: definition.multiple ?? false,
    min_items: definition.min_items,
    max_items: definition.max_items,
    mime_groups: definition.mime_groups ?? [],
    target_type: definition.target_type ?? '',
    cardinality: definition.cardinality ?? 'one',
    fields: ((definition.fields ?? []) as FieldDefinition[]).map((sub) => fieldDraftOf(sub, false)),
    max_bytes: definition.max_bytes,
  };
}

/** Whether min_items / max_items apply: to lists only (the server refuses them on single values). */
export function takesItemCounts(field: FieldDraft): boolean {
  if (field.type === 'repeater') return true;
  if (field.type === 'relation') return field.cardinality === 'many';
  return OPTIONS_OF[field.type].includes('multiple') && field.multiple;
}

/** The definition sent to the server: only the options its type takes, unset ones left out. */
export function definitionOf(field: FieldDraft): FieldDefinition {
  const out: FieldDefinition = { key: field.key.trim(), label: field.label.trim(), type: field.type };
  if (field.required) out.required = true;
  if (!field.localized) out.localized = false;
  if (field.help_text.trim()) out.help_text = field.help_text.trim();
  if (field.default !== undefined && TAKES_DEFAULT.has(field.type)) out.default = field.default;
  const takes = new Set<FieldOption>(OPTIONS_OF[field.type]);
  if (takes.has('min_length') && field.min_length !== undefined) out.min_length = field.min_length;
  if (takes.has('max_length') && field.max_length !== undefined) out.max_length = field.max_length;
  if (takes.has('pattern') && field.pattern) out.pattern = field.pattern;
  if (takes.has('integer') && field.integer) out.integer = true;
  if (takes.has('decimals') && field.decimals !== undefined && !field.integer) out.decimals = field.decimals;
  if (takes.has('min') && field.min !== undefined && field.min !== '') out.min = field.min;
  if (takes.has('max') && field.max !== undefined && field.max !== '') out.max = field.max;
  // None at all gets the server's "needs choices" rather than a schema's "at least 1 item".
  if (takes.has('choices') && field.choices.length > 0)
    out.choices = field.choices.map((choice) => ({ value: choice.value, label: choice.label }));
  if (takes.has('multiple') && field.multiple) out.multiple = true;
  if (takes.has('mime_groups') && field.mime_groups.length > 0) out.mime_groups = field.mime_groups;
  if (takes.has('target_type') && field.target_type) out.target_type = field.target_type;
  if (takes.has('cardinality') && field.cardinality === 'many') out.cardinality = 'many';
  if (takes.has('fields')) out.fields = field.fields.map(definitionOf);
  if (takes.has('max_bytes') && field.max_bytes !== undefined) out.max_bytes = field.max_bytes;
  if (takesItemCounts(field)) {
    if (field.min_items !== undefined) out.min_items = field.min_items;
    if (field.max_items !== undefined) out.max_items = field.max_items;
  }
  return out;
}

const DEFAULT_DISPLAY: DisplayDraft = {
  list_columns: ['title', 'status', 'updated_at'],
  icon: 'folder',
  menu_position: 30,
};

/** A new type's starting point: the server's own defaults for what is left out. */
export function emptyType(): TypeDraft {
  return {
    slug: '',
    slugTouched: false,
    routeTouched: false,
    singular_label: '',
    plural_label: '',
    description: '',
    hierarchical: false,
    has_archive: true,
    allows_comments: false,
    uses_builder: false,
    in_feed: false,
    route_pattern: '',
    taxonomies: [],
    display: { ...DEFAULT_DISPLAY, list_columns: [...DEFAULT_DISPLAY.list_columns] },
    fields: [],
  };
}

export function typeDraftOf(type: ContentType): TypeDraft {
  return {
    slug: type.slug,
    slugTouched: true,
    routeTouched: true,
    singular_label: type.singular_label,
    plural_label: type.plural_label,
    description: type.description,
    hierarchical: type.hierarchical,
    has_archive: type.has_archive,
    allows_comments: type.allows_comments,
    uses_builder: type.uses_builder,
    in_feed: type.in_feed,
    route_pattern: type.route_pattern,
    taxonomies: [...type.taxonomies],
    display: { ...type.display, list_columns: [...type.display.list_columns] },
    fields: type.fields.map((field) => fieldDraftOf(field, true)),
  };
}

/** The writable definition of a type, as POST takes it (PUT takes any part of it). */
export function definitionOfType(draft: TypeDraft) {
  return {
    singular_label: draft.singular_label.trim(),
    plural_label: draft.plural_label.trim(),
    description: draft.description,
    hierarchical: draft.hierarchical,
    has_archive: draft.has_archive,
    allows_comments: draft.allows_comments,
    uses_builder: draft.uses_builder,
    in_feed: draft.in_feed,
    route_pattern: draft.route_pattern.trim(),
    taxonomies: draft.taxonomies,
    display: draft.display,
    fields: draft.fields.map(definitionOf),
  };
}
export type TypeDefinition = ReturnType<typeof definitionOfType>;

/** The properties of `draft` that differ from `saved`: what a PUT sends. */
export function changesOf(saved: TypeDraft, draft: TypeDraft): Partial<TypeDefinition> {
  const before = definitionOfType(saved);
  const after = definitionOfType(draft);
  const changes: Partial<TypeDefinition> = {};
  for (const key of Object.keys(after) as (keyof TypeDefinition)[])
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      (changes as Record<string, unknown>)[key] = after[key];
  return changes;
}

/**
 * Saved top-level fields whose key changed, old key to new: their stored values move with them.
 * A field whose type changed too is not a rename (its values could not be kept anyway).
 */
export function renamesOf(draft: TypeDraft): Record<string, string> {
  const renames: Record<string, string> = {};
  const keys = new Set(draft.fields.map((field) => field.key.trim()));
  for (const field of draft.fields) {
    const key = field.key.trim();
    if (!field.savedKey || key === field.savedKey || field.type !== field.savedType) continue;
    // The old key taken by another field again: that one is new, and this is no rename.
    if (keys.has(field.savedKey)) continue;
    renames[field.savedKey] = key;
  }
  return renames;
}
