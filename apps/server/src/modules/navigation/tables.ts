import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** A navigation menu of a site, shown where the theme puts its location (`primary`, `footer`). */
export interface MenuTable {
  id: Generated<number>;
  site_id: number;
  name: string;
  /** One of the active theme's menu locations, or null: a menu no location shows yet. */
  location: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MenuItemKind = 'entry' | 'term' | 'custom';

/** One link of a menu, under another item or at the top. */
export interface MenuItemTable {
  id: Generated<number>;
  site_id: number;
  menu_id: number;
  parent_id: number | null;
  position: number;
  kind: MenuItemKind;
  /** The entry linked (kind entry): its address follows its slug and parent. */
  entry_id: number | null;
  /** The category or tag linked (kind term). */
  term_id: number | null;
  /** The address (kind custom). */
  url: string | null;
  /** Empty: the entry's title or the term's name. */
  label: string;
  target: string;
  rel: string;
  css_class: string;
}

/** A block in one of the theme's widget zones (a footer column, a sidebar), with where it shows. */
export interface WidgetTable {
  id: Generated<number>;
  site_id: number;
  zone: string;
  position: number;
  /** One block (with its children), as JSON. */
  block: unknown;
  /** Where it shows, as JSON: WidgetVisibility. */
  visibility: unknown;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SectionArea = 'header' | 'footer';

/** The site's global header or footer: a block tree edited as a draft and published (spec 1). */
export interface SiteSectionTable {
  id: Generated<number>;
  site_id: number;
  area: SectionArea;
  /** The tree being edited, as JSON: what a save stores. */
  draft: unknown;
  /** The tree every page shows, as JSON; null: the theme's own header or footer. */
  published: unknown | null;
  /** Counts saves and publications: a save names the version it edited (409 when stale). */
  version: number;
  saved_at: Timestamp;
  published_at: Timestamp | null;
}

/** One saved, published or restored version of a section. */
export interface SiteSectionRevisionTable {
  id: Generated<number>;
  site_id: number;
  area: SectionArea;
  kind: 'draft' | 'published' | 'restored';
  blocks: unknown;
  user_id: number | null;
  created_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    menus: MenuTable;
    menu_items: MenuItemTable;
    widgets: WidgetTable;
    site_sections: SiteSectionTable;
    site_section_revisions: SiteSectionRevisionTable;
  }
}
