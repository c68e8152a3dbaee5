import { type Static, Type } from '@sinclair/typebox';
import { Id, MAX_ID, Nullable } from '../../../core/http/input-schemas.js';

export const ENTRY_STATUSES = ['draft', 'in_review', 'approved', 'scheduled', 'published'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

const Timestamp = Type.String({ format: 'date-time' });

const FieldValues = Type.Record(Type.String(), Type.Unknown(), {
  description:
    "Values of the type's fields by key, validated against their definitions (422 under `fields.<key>`)",
});
const Blocks = Type.Array(Type.Unknown(), {
  description:
    'The block tree (spec 2.1) of types that use the page builder; validated against the block registry',
});
const TermIds = Type.Record(Type.String(), Type.Array(Id(), { maxItems: 100, uniqueItems: true }), {
  description:
    'Term ids by taxonomy slug (`{ "category": [3], "tag": [7, 9] }`); a taxonomy sent replaces its terms',
});

/**
 * What a revision keeps and what `live` serves: an entry's content at one save, without workflow
 * or bookkeeping.
 */
export const EntryStateSchema = Type.Object({
  title: Type.String(),
  slug: Type.String(),
  parent_id: Nullable(Type.Integer()),
  excerpt: Type.String(),
  featured_media_id: Nullable(Type.Integer()),
  author_id: Nullable(Type.Integer()),
  fields: FieldValues,
  blocks: Blocks,
  terms: TermIds,
  position: Type.Integer(),
});
export type EntryState = Static<typeof EntryStateSchema>;

export const LockSchema = Type.Object({
  user_id: Type.Integer(),
  since: Timestamp,
  expires_at: Timestamp,
});

export const EntrySchema = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String({ description: 'The content type slug' }),
    title: Type.String(),
    slug: Type.String(),
    path: Type.String({
      description: 'Slugs of the ancestors and the entry, joined by / (hierarchical types)',
    }),
    url: Type.String({ description: 'Site-relative public URL from the type route pattern' }),
    status: Type.Union(ENTRY_STATUSES.map((status) => Type.Literal(status))),
    locale: Type.String(),
    parent_id: Nullable(Type.Integer()),
    translation_group_id: Type.Integer(),
    author_id: Nullable(Type.Integer()),
    author_name: Nullable(
      Type.String(),
      "The author's display name, as the site's bylines show it (no users.view needed)",
    ),
    excerpt: Type.String(),
    featured_media_id: Nullable(Type.Integer()),
    fields: FieldValues,
    blocks: Blocks,
    terms: TermIds,
    position: Type.Integer(),
    version: Type.Integer({ description: 'Sent back with each save; a stale one gives 409' }),
    has_unpublished_changes: Type.Boolean({
      description: 'Published, and the working copy differs from what the site serves',
    }),
    published_at: Nullable(Timestamp),
    publish_at: Nullable(Timestamp, 'When a scheduled entry will be published'),
    review_note: Nullable(Type.String(), 'The reviewer comment of the last request for changes'),
    lock: Nullable(LockSchema, 'Who is editing the entry now'),
    transitions: Type.Array(Type.String(), { description: 'Workflow transitions the caller may take now' }),
    created_at: Timestamp,
    updated_at: Timestamp,
    deleted_at: Nullable(Timestamp, 'When the entry went to the trash'),
    included: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.Unknown()), {
        description: 'Related entries embedded by `?include=<relation field>`, by field key',
      }),
    ),
  },
  { $id: 'Entry' },
);
export type EntryView = Static<typeof EntrySchema>;

const writable = {
  title: Type.String({ minLength: 1, maxLength: 300 }),
  slug: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
    description: 'Lowercase letters, digits and single hyphens; made from the title when left out',
  }),
  parent_id: Nullable(Id(), 'Parent entry of the same type (hierarchical types)'),
  excerpt: Type.String({ maxLength: 5000, description: 'Derived from the content when empty' }),
  featured_media_id: Nullable(Id()),
  author_id: Nullable(Id(), 'Another user than yourself needs the edit_others permission'),
  fields: FieldValues,
  blocks: Blocks,
  terms: TermIds,
  position: Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Order among siblings' }),
};

export const EntryCreateBody = Type.Object(
  {
    title: writable.title,
    slug: Type.Optional(writable.slug),
    locale: Type.Optional(
      Type.String({ minLength: 2, maxLength: 35, description: "One of the site's enabled locales" }),
    ),
    parent_id: Type.Optional(writable.parent_id),
    excerpt: Type.Optional(writable.excerpt),
    featured_media_id: Type.Optional(writable.featured_media_id),
    author_id: Type.Optional(writable.author_id),
    fields: Type.Optional(writable.fields),
    blocks: Type.Optional(writable.blocks),
    terms: Type.Optional(writable.terms),
    position: Type.Optional(writable.position),
  },
  { additionalProperties: false },
);
export type EntryCreate = Static<typeof EntryCreateBody>;

export const EntryUpdateBody = Type.Object(
  {
    version: Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      description: 'The version this change is based on',
    }),
    title: Type.Optional(writable.title),
    slug: Type.Optional(writable.slug),
    parent_id: Type.Optional(writable.parent_id),
    excerpt: Type.Optional(writable.excerpt),
    featured_media_id: Type.Optional(writable.featured_media_id),
    author_id: Type.Optional(writable.author_id),
    fields: Type.Optional(writable.fields),
    blocks: Type.Optional(writable.blocks),
    terms: Type.Optional(writable.terms),
    position: Type.Optional(writable.position),
  },
  { additionalProperties: false },
);
export type EntryUpdate = Static<typeof EntryUpdateBody>;
