import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** JSON columns: parsed on PostgreSQL (jsonb), text on SQLite; read with `readJson`, write with `writeJson`. */
type Json = unknown;

export interface ContentTypeTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  singular_label: string;
  plural_label: string;
  description: string;
  builtin: number;
  /** FieldDefinition[] */
  fields: Json;
  /** Taxonomy slugs attached to the type. */
  taxonomies: Json;
  /** ContentTypeDisplay: list columns, icon, admin menu position. */
  display: Json;
  route_pattern: string;
  hierarchical: number;
  has_archive: number;
  allows_comments: number;
  uses_builder: number;
  in_feed: number;
  /** The plugin that defines the type; null for the types administrators make. */
  owner: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TranslationGroupTable {
  id: Generated<number>;
  site_id: number;
  created_at: Timestamp;
}

export type EntryStatus = 'draft' | 'in_review' | 'approved' | 'scheduled' | 'published';

export interface EntryTable {
  id: Generated<number>;
  site_id: number;
  type_id: number;
  title: string;
  slug: string;
  path: string;
  status: EntryStatus;
  locale: string;
  parent_id: number | null;
  translation_group_id: number;
  author_id: number | null;
  excerpt: string;
  featured_media_id: number | null;
  fields: Json;
  blocks: Json;
  position: number;
  version: number;
  /** EntryState of the published version; null while unpublished. */
  live: Json | null;
  live_path: string | null;
  live_revision_id: number | null;
  live_version: number | null;
  published_at: Timestamp | null;
  publish_at: Timestamp | null;
  review_note: string | null;
  lock_user_id: number | null;
  lock_taken_at: Timestamp | null;
  lock_seen_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface RevisionTable {
  id: Generated<number>;
  site_id: number;
  entry_id: number;
  version: number;
  author_id: number | null;
  note: string;
  /** EntryState at the save. */
  state: Json;
  created_at: Timestamp;
}

export interface EntryRelationTable {
  site_id: number;
  from_id: number;
  /** The relation field's path (`author`, `sections[2].related`). */
  field: string;
  to_id: number;
  position: number;
}

export interface TaxonomyTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  singular_label: string;
  plural_label: string;
  hierarchical: number;
  builtin: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TermTable {
  id: Generated<number>;
  site_id: number;
  taxonomy_id: number;
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EntryTermTable {
  site_id: number;
  entry_id: number;
  term_id: number;
}

export interface EntryRedirectTable {
  site_id: number;
  locale: string;
  old_path: string;
  entry_id: number;
  created_at: Timestamp;
}

/** Entries per type, status and trash, kept by triggers (migration 0015): the totals of lists. */
export interface EntryCountTable {
  site_id: number;
  type_id: number;
  status: string;
  trashed: number;
  n: number;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    content_types: ContentTypeTable;
    translation_groups: TranslationGroupTable;
    entries: EntryTable;
    revisions: RevisionTable;
    entry_relations: EntryRelationTable;
    taxonomies: TaxonomyTable;
    terms: TermTable;
    entry_terms: EntryTermTable;
    entry_redirects: EntryRedirectTable;
    entry_counts: EntryCountTable;
  }
}
