import { type Static, Type } from '@sinclair/typebox';
import { ENTRY_STATUSES } from '../entries/entry.js';

/**
 * The export file (docs/content-export.md): one JSON document, versioned. Rows keep their ids of
 * the exporting site as `ref`s; an import maps each ref to the id it creates, so references between
 * entries (parents, translations, relation fields) and terms survive the move.
 */
export const EXPORT_FORMAT = 'tessera-content';
export const EXPORT_VERSION = 1;

const Ref = Type.Integer({ minimum: 1 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
// A pattern, not `format: 'date-time'`: the file is checked with TypeBox's Value, which knows no formats.
const Time = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$',
  description: 'ISO 8601 time',
});

export const ExportedType = Type.Object({
  slug: Type.String(),
  singular_label: Type.String(),
  plural_label: Type.String(),
  description: Type.String(),
  builtin: Type.Boolean(),
  fields: Type.Array(Type.Unknown()),
  taxonomies: Type.Array(Type.String()),
  display: Type.Unknown(),
  route_pattern: Type.String(),
  hierarchical: Type.Boolean(),
  has_archive: Type.Boolean(),
  allows_comments: Type.Boolean(),
  uses_builder: Type.Boolean(),
  in_feed: Type.Boolean(),
});

export const ExportedTaxonomy = Type.Object({
  slug: Type.String(),
  singular_label: Type.String(),
  plural_label: Type.String(),
  hierarchical: Type.Boolean(),
  builtin: Type.Boolean(),
});

export const ExportedTerm = Type.Object({
  ref: Ref,
  taxonomy: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parent: Nullable(Ref),
  position: Type.Integer(),
});

export const ExportedRevision = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  author: Nullable(Type.String()),
  note: Type.String(),
  state: Type.Unknown(),
  created_at: Time,
  live: Type.Boolean(),
});

export const ExportedEntry = Type.Object({
  ref: Ref,
  type: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  status: Type.Union(ENTRY_STATUSES.map((status) => Type.Literal(status))),
  locale: Type.String(),
  parent: Nullable(Ref),
  /** Entries with the same group ref are translations of one another. */
  translation_group: Ref,
  /** The author's email; the import gives the entry to the site's user of that email, if any. */
  author: Nullable(Type.String()),
  excerpt: Type.String(),
  featured_media_id: Nullable(Type.Integer()),
  /** Relation values hold entry refs. */
  fields: Type.Record(Type.String(), Type.Unknown()),
  blocks: Type.Array(Type.Unknown()),
  /** Term refs by taxonomy slug. */
  terms: Type.Record(Type.String(), Type.Array(Ref)),
  position: Type.Integer(),
  version: Type.Integer({ minimum: 1 }),
  /**
   * The published state, relation values as refs and its author as an email (`author`, where a
   * revision's state has one too); null when not published.
   */
  live: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  published_at: Nullable(Time),
  publish_at: Nullable(Time),
  review_note: Nullable(Type.String()),
  created_at: Time,
  updated_at: Time,
  deleted_at: Nullable(Time),
  revisions: Type.Optional(Type.Array(ExportedRevision)),
});

export const ExportFileSchema = Type.Object({
  format: Type.Literal(EXPORT_FORMAT),
  version: Type.Literal(EXPORT_VERSION),
  exported_at: Time,
  site: Type.Object({
    name: Type.String(),
    default_locale: Type.String(),
    locales: Type.Array(Type.String()),
  }),
  content_types: Type.Array(ExportedType),
  taxonomies: Type.Array(ExportedTaxonomy),
  terms: Type.Array(ExportedTerm),
  entries: Type.Array(ExportedEntry),
  /** The media library's folders and items, their files beside the export (modules/media/transfer.ts). */
  media: Type.Optional(Type.Unknown()),
});
export type ExportFile = Static<typeof ExportFileSchema>;
export type ExportedEntryRow = Static<typeof ExportedEntry>;
