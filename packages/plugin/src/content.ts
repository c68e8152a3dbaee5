import type { PluginOperation } from './operation.js';
/** The 17 field types of the content engine. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'number'
  | 'email'
  | 'url'
  | 'select'
  | 'checkbox'
  | 'radio'
  | 'date'
  | 'datetime'
  | 'file'
  | 'image'
  | 'color'
  | 'relation'
  | 'repeater'
  | 'json';

/**
 * One field, as content types define them (`GET /api/content-types` shows the same shape). Options
 * apply to the types named beside them; one given to a type it does not apply to is refused.
 */
export interface FieldDefinition {
  /** a-z, 0-9 and _, starting with a letter; unique among its siblings. */
  key: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Given to new entries that send none; must be valid itself. */
  default?: unknown;
  help_text?: string;
  /** Each translation has its own value (default true). */
  localized?: boolean;
  /** text, textarea, richtext */
  min_length?: number;
  /** text, textarea, richtext, email, url */
  max_length?: number;
  /** text: a regular expression the whole value matches (RE2: no lookaround, no backreferences). */
  pattern?: string;
  /** number */
  integer?: boolean;
  decimals?: number;
  /** number: a number; date and datetime: YYYY-MM-DD or ISO 8601 */
  min?: number | string;
  max?: number | string;
  /** select and radio */
  choices?: Array<{ value: string; label: string }>;
  /** select, file, image */
  multiple?: boolean;
  /** multiple select, file, image, relation many, repeater */
  min_items?: number;
  max_items?: number;
  /** file: the kinds accepted (default all) */
  mime_groups?: Array<'image' | 'video' | 'audio' | 'document' | 'archive'>;
  /** relation: the content type it points at, and one entry or a list */
  target_type?: string;
  cardinality?: 'one' | 'many';
  /** repeater: the sub-fields of each item */
  fields?: unknown[];
  /** json: the largest value as JSON text (default 65536) */
  max_bytes?: number;
}

/** A content type a plugin owns: the same definition `POST /api/content-types` takes. */
export interface ContentTypeDefinition {
  /** a-z, 0-9 and _ (2 to 40): its API path (`/api/content/<slug>`) and permissions (`<slug>.view`...). */
  slug: string;
  singular_label: string;
  plural_label: string;
  description?: string;
  fields?: FieldDefinition[];
  /** Taxonomy slugs (`category`, `tag`). */
  taxonomies?: string[];
  display?: { list_columns: string[]; icon: string; menu_position: number };
  /** Its entries' public address: `/products/{slug}` (default `/<slug>/{slug}`). */
  route_pattern?: string;
  hierarchical?: boolean;
  has_archive?: boolean;
  allows_comments?: boolean;
  uses_builder?: boolean;
  in_feed?: boolean;
}

/**
 * Content from a plugin: its own types, and fields on the core's types. Both exist on the sites
 * where the plugin is active; their data stays when it is deactivated, and comes back with it.
 */
export interface PluginContent {
  /**
   * A content type owned by the plugin: entries with the engine's workflow, revisions,
   * translations, search, feeds, sitemaps, export and import and MCP tools, exactly as a type made
   * through /api/content-types; administrators cannot change or delete it (the plugin does, by its
   * next version). Activating the plugin on a site that has a type of the same slug is refused.
   */
  defineType(definition: ContentTypeDefinition): void;
  /**
   * Fields added to content types (`['post', 'page']`, or `'*'` for every type, the plugin's own
   * included). They live in the entry's `fields` under the plugin's area (`seo.title` for the SEO
   * plugin's `title`), apart from the type's own fields: validated, revisioned, compared, exported
   * and imported with the entry, sent and read through the REST API and MCP like the others. A save
   * that leaves them out keeps their values.
   */
  addFields(types: readonly string[] | '*', fields: readonly FieldDefinition[]): void;
  /**
   * A filter of the content list (`GET /api/posts?filter=seo.rating:good`) on a value the plugin
   * keeps per entry in one of its own tables: the list keeps the entries whose row there holds the
   * value asked for. Declared, not run: the core writes the query, scoped to the site.
   */
  listFilter(definition: ListFilterDefinition): void;
  /**
   * Who may read these entries changed (the plugin's `entry.access` answers differently now): in
   * the operation's transaction the search index takes them again (a restricted entry's title and
   * teaser only); once it commits, their pages leave the page cache, and the site's sitemaps and
   * kept API answers are made again.
   */
  accessChanged(ctx: PluginOperation, entryIds: readonly number[]): Promise<void>;
  /**
   * Problems of field definitions written at run time (a members area's profile fields, made by
   * administrators), by path (`fields[0].choices`), under the rules of a content type's fields;
   * empty when they hold. Send them back in a 422.
   */
  checkFields(fields: unknown): Record<string, string[]>;
  /**
   * Values against field definitions, checked as an entry's are (required, types, bounds,
   * patterns, choices; rich text sanitized): the values to keep, with the media and entry ids they
   * name (check those exist on the site before keeping them), or problems by key (`nickname`,
   * `links.0.url`). `isNew` gives fields not sent their default.
   */
  checkValues(
    fields: readonly FieldDefinition[],
    values: unknown,
    options?: { isNew?: boolean },
  ): PluginFieldCheck;
}

/** What `plugin.content.checkValues` found. */
export type PluginFieldCheck =
  | { ok: true; values: Record<string, unknown>; mediaIds: number[]; entryIds: number[] }
  | { ok: false; errors: Record<string, string[]> };

/** A content list filter backed by a column of one of the plugin's tables. */
export interface ListFilterDefinition {
  /** Its name in the plugin's namespace: `rating` is asked for as `seo.rating:<value>`. */
  name: string;
  /** Content type slugs, or `'*'` for every type. */
  types: readonly string[] | '*';
  /** The plugin's table (`seo_scores`); it has a `site_id` column, as every plugin table. */
  table: string;
  /** Its column holding the entry's id. */
  entryColumn: string;
  /** Its column holding the value filtered on. */
  valueColumn: string;
  /** The values one may ask for (anything else is refused with 422). */
  values: readonly string[];
}
