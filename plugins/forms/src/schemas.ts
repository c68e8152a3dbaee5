import type { PluginContext } from '@tessera/plugin';
import {
  DEFAULT_SETTINGS,
  FIELD_TYPES,
  MOST_FIELDS,
  MOST_FILES,
  MOST_OPTIONS,
  MOST_RECIPIENTS,
  NAME_PATTERN,
  REFUSAL_REASONS,
  SLUG_PATTERN,
} from './model.js';

/**
 * The routes' schemas, built with the context's TypeBox: what a save may send (everything but a
 * field's name, type and label may be left out, its default filled in) and what the API answers
 * (every key, the allow-list of what is sent). The shapes only: what depends on the rest of the
 * form is definition-check.ts's.
 */
export function formSchemas(T: PluginContext['schema']) {
  // A list of types, not a union: Ajv's coercion (the app's `coerceTypes`) would make a null sent
  // for a union of a string or number with null the first branch's "" or 0.
  const nullableString = (options: { maxLength: number; pattern?: string }) =>
    T.Unsafe<string | null>({ type: ['string', 'null'], ...options, default: null });
  const nullableInteger = (options: { minimum: number; maximum?: number }) =>
    T.Unsafe<number | null>({ type: ['integer', 'null'], ...options, default: null });
  const nullableNumber = () => T.Unsafe<number | null>({ type: ['number', 'null'], default: null });
  const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

  /** `sent`: a save's body, where what is left out takes its default. */
  const field = (sent: boolean) => {
    const maybe = <S extends Parameters<typeof T.Optional>[0]>(schema: S) =>
      sent ? T.Optional(schema) : schema;
    return T.Object(
      {
        name: T.String({ pattern: NAME_PATTERN }),
        type: T.Union(FIELD_TYPES.map((type) => T.Literal(type))),
        label: T.String({ maxLength: 200 }),
        help: maybe(T.String({ maxLength: 500, default: '' })),
        placeholder: maybe(T.String({ maxLength: 200, default: '' })),
        required: maybe(T.Boolean({ default: false })),
        default: maybe(nullableString({ maxLength: 20_000 })),
        width: maybe(T.Union([T.Literal('full'), T.Literal('half')], { default: 'full' })),
        options: maybe(
          T.Array(
            T.Object(
              { value: T.String({ maxLength: 200 }), label: T.String({ maxLength: 200 }) },
              { additionalProperties: false },
            ),
            { maxItems: MOST_OPTIONS, default: [] },
          ),
        ),
        multiple: maybe(T.Boolean({ default: false })),
        min_length: maybe(nullableInteger({ minimum: 0, maximum: 20_000 })),
        max_length: maybe(nullableInteger({ minimum: 1, maximum: 20_000 })),
        min: maybe(nullableNumber()),
        max: maybe(nullableNumber()),
        min_date: maybe(nullableString({ maxLength: 10, pattern: DATE })),
        max_date: maybe(nullableString({ maxLength: 10, pattern: DATE })),
        pattern: maybe(nullableString({ maxLength: 500 })),
        accept: maybe(T.Array(T.String({ maxLength: 255 }), { maxItems: 30, default: [] })),
        max_size_mb: maybe(nullableInteger({ minimum: 1, maximum: 1000 })),
        max_files: maybe(nullableInteger({ minimum: 1, maximum: MOST_FILES })),
        consent_text: maybe(T.String({ maxLength: 1000, default: '' })),
        consent_url: maybe(nullableString({ maxLength: 2000 })),
      },
      { additionalProperties: false },
    );
  };

  const settings = (sent: boolean) => {
    const maybe = <S extends Parameters<typeof T.Optional>[0]>(schema: S) =>
      sent ? T.Optional(schema) : schema;
    return T.Object(
      {
        submit_label: maybe(T.String({ maxLength: 100, default: DEFAULT_SETTINGS.submit_label })),
        success: maybe(
          T.Union(
            [
              T.Object(
                { kind: T.Literal('message'), message: T.String({ maxLength: 2000 }) },
                { additionalProperties: false },
              ),
              T.Object(
                { kind: T.Literal('redirect'), to: T.String({ maxLength: 2000 }) },
                { additionalProperties: false },
              ),
            ],
            { default: DEFAULT_SETTINGS.success },
          ),
        ),
        recipients: maybe(T.Array(T.String({ maxLength: 254 }), { maxItems: MOST_RECIPIENTS, default: [] })),
        reply_to_field: maybe(nullableString({ maxLength: 40 })),
        confirmation: maybe(
          T.Object(
            { enabled: T.Boolean(), email_field: nullableString({ maxLength: 40 }) },
            { additionalProperties: false, default: DEFAULT_SETTINGS.confirmation },
          ),
        ),
        per_minute: maybe(nullableInteger({ minimum: 1, maximum: 1000 })),
        min_seconds: maybe(nullableInteger({ minimum: 0, maximum: 3600 })),
        max_links: maybe(nullableInteger({ minimum: 0, maximum: 100 })),
      },
      { additionalProperties: false, default: DEFAULT_SETTINGS },
    );
  };

  const text = (maxLength: number) => T.Optional(T.String({ maxLength }));
  const Translation = T.Object(
    {
      title: text(200),
      submit_label: text(100),
      success_message: text(2000),
      fields: T.Record(
        T.String({ pattern: NAME_PATTERN }),
        T.Object(
          {
            label: text(200),
            help: text(500),
            placeholder: text(200),
            consent_text: text(1000),
            options: T.Optional(T.Record(T.String({ maxLength: 200 }), T.String({ maxLength: 200 }))),
          },
          { additionalProperties: false },
        ),
        { default: {} },
      ),
    },
    { additionalProperties: false },
  );
  const Translations = T.Record(T.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }), Translation, {
    default: {},
  });

  const FieldIn = field(true);
  const Field = field(false);
  const Title = T.String({ minLength: 1, maxLength: 200 });
  const Slug = T.String({ pattern: SLUG_PATTERN });
  const Fields = T.Array(FieldIn, { maxItems: MOST_FIELDS, default: [] });

  const Form = T.Object({
    id: T.Integer(),
    slug: T.String(),
    title: T.String(),
    fields: T.Array(Field),
    settings: settings(false),
    translations: Translations,
    version: T.Integer(),
    submission_count: T.Integer(),
    unread_count: T.Integer(),
    refusals: T.Object(Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, T.Integer()]))),
    created_at: T.String(),
    updated_at: T.String(),
  });

  const Submission = T.Object({
    id: T.Integer(),
    form_id: T.Integer(),
    form_version: T.Integer(),
    fields: T.Array(Field),
    values: T.Record(T.String(), T.Union([T.String(), T.Array(T.String())])),
    files: T.Array(
      T.Object({
        id: T.Integer(),
        field: T.String(),
        filename: T.String(),
        content_type: T.String(),
        size: T.Integer(),
      }),
    ),
    locale: T.String(),
    created_at: T.String(),
    read_at: T.Union([T.String(), T.Null()]),
  });

  const filters = {
    q: T.Optional(T.String({ maxLength: 200 })),
    from: T.Optional(T.String({ pattern: DATE })),
    to: T.Optional(T.String({ pattern: DATE })),
    read: T.Optional(T.Union([T.Literal('true'), T.Literal('false')])),
  };

  return {
    Form,
    Submission,
    Id: T.Object({ id: T.Integer({ minimum: 1 }) }),
    Created: T.Object(
      {
        title: Title,
        slug: T.Optional(Slug),
        fields: T.Optional(Fields),
        settings: T.Optional(settings(true)),
        translations: T.Optional(Translations),
      },
      { additionalProperties: false },
    ),
    Saved: T.Object(
      { title: Title, slug: Slug, fields: Fields, settings: settings(true), translations: Translations },
      { additionalProperties: false },
    ),
    Preview: T.Object(
      {
        form: T.Object(
          {
            title: T.String({ maxLength: 200 }),
            fields: Fields,
            settings: T.Optional(settings(true)),
            translations: T.Optional(Translations),
          },
          { additionalProperties: false },
        ),
        locale: T.String({ maxLength: 35 }),
      },
      { additionalProperties: false },
    ),
    ListQuery: T.Object(
      {
        ...filters,
        page: T.Integer({ minimum: 1, default: 1 }),
        per_page: T.Integer({ minimum: 1, maximum: 100, default: 25 }),
      },
      { additionalProperties: false },
    ),
    ExportQuery: T.Object(
      { ...filters, format: T.Union([T.Literal('csv'), T.Literal('json')], { default: 'csv' }) },
      { additionalProperties: false },
    ),
    Read: T.Object({ read: T.Boolean() }, { additionalProperties: false }),
    Ids: T.Object(
      { ids: T.Array(T.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }) },
      { additionalProperties: false },
    ),
  };
}

export type FormSchemas = ReturnType<typeof formSchemas>;
