import type { Generated } from 'kysely';

/**
 * The database's tables, split by ownership. Modules add their tables by declaration merging:
 *
 * ```ts
 * declare module '../../core/db/schema.js' {
 *   interface SiteTables { roles: RoleTable }
 * }
 * ```
 *
 * SiteTables rows all carry `site_id` and are reachable only through a SiteScopedDb, which adds the
 * site condition itself. GlobalTables (sites, users, sessions, jobs) are reached through `Data.global`.
 */
export interface GlobalTables {
  sites: SiteTable;
  site_domains: SiteDomainTable;
}

// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module
export interface SiteTables {}

export type Database = GlobalTables & SiteTables;

/** Timestamps are ISO 8601 UTC strings with milliseconds and `Z` on both engines, so they sort as text. */
export type Timestamp = string;

export interface SiteTable {
  id: Generated<number>;
  /** Lowercase label; `<handle>.<BASE_DOMAIN>` resolves to the site when a base domain is configured. */
  handle: string;
  name: string;
  default_locale: string;
  /** JSON array of locale codes. */
  locales: unknown;
  theme: string;
  /** Unused since settings moved to site_settings (migration 0008); always `{}`. */
  settings: unknown;
  /** JSON text of the site's branding (SiteBranding). */
  branding: Generated<string>;
  enabled: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteDomainTable {
  domain: string;
  site_id: number;
  is_primary: number;
}
