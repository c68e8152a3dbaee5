import { type Static, Type } from '@sinclair/typebox';

/** The 17 field types of spec 2.2. */
export const FIELD_TYPES = [
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
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Groups of file types a file or image field may accept (the media library sorts uploads into these). */
export const MIME_GROUPS = ['image', 'video', 'audio', 'document', 'archive'] as const;

/** Repeaters may hold repeaters, this deep. */
export const MAX_REPEATER_DEPTH = 3;
export const MAX_FIELDS = 100;

const Choice = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 200 }),
    label: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

const Bound = Type.Union([Type.Number(), Type.String({ maxLength: 40 })], {
  description:
    'number: the smallest / largest value; date and datetime: the earliest / latest (YYYY-MM-DD or ISO 8601)',
});

/**
 * One field of a content type. Every field has key, label and type; the other options apply to the
 * types named in their descriptions, and an option given to a type it does not apply to is refused.
 */
export const FieldDefinitionSchema = Type.Object(
  {
    key: Type.String({
      pattern: '^[a-z][a-z0-9_]{0,63}$',
      description: 'Identifier of the value in `fields` (lowercase, digits, _), unique among its siblings',
    }),
    label: Type.String({ minLength: 1, maxLength: 120 }),
    type: Type.Union(
      FIELD_TYPES.map((type) => Type.Literal(type)),
      { description: 'One of the 17 field types of spec 2.2' },
    ),
    required: Type.Optional(Type.Boolean({ description: 'A value must be given (default false)' })),
    default: Type.Optional(
      Type.Unknown({ description: 'Value given to new entries that send none; must be valid itself' }),
    ),
    help_text: Type.Optional(
      Type.String({ maxLength: 500, description: 'Shown under the input in the admin' }),
    ),
    localized: Type.Optional(
      Type.Boolean({
        description:
          'Each translation has its own value (default true); false shares the value across the translation group',
      }),
    ),
    min_length: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'text, textarea, richtext' }),
    ),
    max_length: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'text, textarea, richtext, email, url' }),
    ),
    pattern: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'text: a regular expression the whole value must match',
      }),
    ),
    integer: Type.Optional(Type.Boolean({ description: 'number: whole numbers only (default false)' })),
    decimals: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10, description: 'number: at most this many decimal places' }),
    ),
    min: Type.Optional(Bound),
    max: Type.Optional(Bound),
    choices: Type.Optional(
      Type.Array(Choice, { minItems: 1, maxItems: 500, description: 'select and radio: the values offered' }),
    ),
    multiple: Type.Optional(
      Type.Boolean({ description: 'select, file, image: a list of values instead of one (default false)' }),
    ),
    min_items: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10_000,
        description: 'multiple select, file, image, relation many, repeater',
      }),
    ),
    max_items: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10_000,
        description: 'multiple select, file, image, relation many, repeater',
      }),
    ),
    mime_groups: Type.Optional(
      Type.Array(Type.Union(MIME_GROUPS.map((group) => Type.Literal(group))), {
        uniqueItems: true,
        description: 'file: the kinds of file accepted (default all); image fields take images only',
      }),
    ),
    target_type: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9_]{1,39}$',
        description: 'relation: the content type it points at',
      }),
    ),
    cardinality: Type.Optional(
      Type.Union([Type.Literal('one'), Type.Literal('many')], {
        description: 'relation: one entry or a list (default one)',
      }),
    ),
    fields: Type.Optional(
      Type.Array(Type.Unknown(), {
        maxItems: MAX_FIELDS,
        description: `repeater: the sub-fields of each item, definitions like this one (repeaters nest ${MAX_REPEATER_DEPTH} deep at most)`,
      }),
    ),
    max_bytes: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: 1_000_000,
        description: 'json: the largest value, as JSON text (default 65536)',
      }),
    ),
  },
  { additionalProperties: false, $id: 'FieldDefinition' },
);

/** A field definition; a repeater's `fields` are definitions too (checked by checkDefinitions). */
export type FieldDefinition = Static<typeof FieldDefinitionSchema>;

export const FieldDefinitions = Type.Array(FieldDefinitionSchema, {
  maxItems: MAX_FIELDS,
  description: 'The fields of the type, in the order the admin shows them',
});

/** Which options each type takes, besides the common ones. */
export const OPTIONS_OF: Record<FieldType, readonly string[]> = {
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

export const COMMON_OPTIONS = [
  'key',
  'label',
  'type',
  'required',
  'default',
  'help_text',
  'localized',
] as const;
