import { type Static, Type } from '@sinclair/typebox';
import { type FieldDefinition, FieldDefinitionSchema, FieldDefinitions } from '../fields/index.js';

const TypeSlugPattern = '^[a-z][a-z0-9_]{1,39}$';

export const TypeSlug = Type.String({
  pattern: TypeSlugPattern,
  description:
    'Lowercase identifier, 2 to 40 characters of a-z, 0-9 and _; it names the API path (/api/content/{slug}) and the permissions (`<slug>.view`...)',
});

export const TaxonomySlug = Type.String({
  pattern: TypeSlugPattern,
  description: 'A taxonomy slug (`category`, `tag`)',
});

export const ContentTypeDisplay = Type.Object(
  {
    list_columns: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), {
      maxItems: 12,
      description: 'Columns of the admin list: built-in properties (title, status, author...) or field keys',
    }),
    icon: Type.String({ maxLength: 40, description: 'Icon name in the admin menu' }),
    menu_position: Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'Order in the admin menu, lowest first',
    }),
  },
  { additionalProperties: false },
);

const RoutePattern = Type.String({
  minLength: 1,
  maxLength: 200,
  description:
    'Public URL of an entry: literal segments and the placeholders {slug}, {path} (the slugs of the ancestors, hierarchical types), {id}, {yyyy}, {mm}, {dd}; it must contain {slug}, {path} or {id}. Examples: /products/{slug}, /{yyyy}/{mm}/{slug}',
});

/** Everything a content type is, as written by an administrator. */
const definition = {
  singular_label: Type.String({ minLength: 1, maxLength: 80 }),
  plural_label: Type.String({ minLength: 1, maxLength: 80 }),
  description: Type.String({ maxLength: 500 }),
  fields: FieldDefinitions,
  taxonomies: Type.Array(TaxonomySlug, { maxItems: 20, uniqueItems: true }),
  display: ContentTypeDisplay,
  route_pattern: RoutePattern,
  hierarchical: Type.Boolean({ description: 'Entries have parents and children (like pages)' }),
  has_archive: Type.Boolean({ description: 'The public site lists the entries at the route prefix' }),
  allows_comments: Type.Boolean(),
  uses_builder: Type.Boolean({ description: 'Entries are laid out with the page builder (a block tree)' }),
  in_feed: Type.Boolean({ description: 'Published entries appear in the RSS feed' }),
};

/** A field a plugin adds to the type, apart from its own: its value is in `fields` under `key`. */
export const PluginFieldSchema = Type.Composite([
  Type.Omit(FieldDefinitionSchema, ['key']),
  Type.Object({
    key: Type.String({ description: "`<plugin's area>.<key>`: where its value is in an entry's `fields`" }),
    plugin: Type.String({ description: 'The plugin that adds it' }),
  }),
]);
export type PluginField = Static<typeof PluginFieldSchema>;

export const ContentTypeSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: TypeSlug,
    ...definition,
    plugin_fields: Type.Array(PluginFieldSchema, {
      description:
        'Fields the plugins active on the site add to the type (SEO fields...), validated and stored with the entry like its own',
    }),
    owner: Type.Union([Type.Null(), Type.String()], {
      description:
        'The plugin that defines the type, which alone changes it (null: made by administrators, or built in)',
    }),
    builtin: Type.Boolean({ description: 'page and post: cannot be deleted, slug and nature fixed' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ContentType' },
);
export type ContentType = Static<typeof ContentTypeSchema>;

export const ContentTypeCreateBody = Type.Object(
  {
    slug: TypeSlug,
    singular_label: definition.singular_label,
    plural_label: definition.plural_label,
    description: Type.Optional(definition.description),
    fields: Type.Optional(definition.fields),
    taxonomies: Type.Optional(definition.taxonomies),
    display: Type.Optional(definition.display),
    route_pattern: Type.Optional(definition.route_pattern),
    hierarchical: Type.Optional(definition.hierarchical),
    has_archive: Type.Optional(definition.has_archive),
    allows_comments: Type.Optional(definition.allows_comments),
    uses_builder: Type.Optional(definition.uses_builder),
    in_feed: Type.Optional(definition.in_feed),
  },
  { additionalProperties: false },
);
export type ContentTypeCreate = Static<typeof ContentTypeCreateBody>;

export const ContentTypeUpdateBody = Type.Object(
  {
    ...Type.Partial(Type.Object(definition)).properties,
    renames: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 64 }), {
        description: 'Field keys renamed by this change, old key to new key: stored values move with them',
      }),
    ),
    confirm_data_loss: Type.Optional(
      Type.Boolean({
        description:
          'Required to remove a field that holds values, or change its type: without it the change is refused with 409 naming them',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ContentTypeUpdate = Static<typeof ContentTypeUpdateBody>;

export const ContentTypeParams = Type.Object({ type: TypeSlug }, { additionalProperties: false });

/** A type's whole definition, for the built-in ones and for tests. */
export type ContentTypeInput = Omit<
  ContentType,
  'id' | 'builtin' | 'owner' | 'plugin_fields' | 'created_at' | 'updated_at'
>;

/**
 * The permission area of a type: `pages` and `posts` for the built-in ones (spec 2.7's names), the
 * slug for custom types (`product.view`...).
 */
export function permissionArea(type: Pick<ContentType, 'slug' | 'builtin'>): string {
  if (type.builtin && (type.slug === 'page' || type.slug === 'post')) return `${type.slug}s`;
  return type.slug;
}

/** The actions every type has; edit, delete and publish also have `_others` variants. */
export const TYPE_ACTIONS = ['view', 'create', 'edit', 'delete', 'publish'] as const;
export type TypeAction = (typeof TYPE_ACTIONS)[number];

/**
 * What an entry of the type holds in `fields`: the type's own fields, then those the plugins
 * active on its site add, keyed in their namespace (`seo.title`). Everything that reads or writes
 * an entry's values goes through this, so plugin fields are validated, revisioned, exported and
 * offered to AI clients as the type's own are.
 */
export function entryFields(type: Pick<ContentType, 'fields' | 'plugin_fields'>): FieldDefinition[] {
  return type.plugin_fields.length === 0
    ? type.fields
    : [...type.fields, ...(type.plugin_fields as readonly FieldDefinition[])];
}
