import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

export type RedirectStatus = 301 | 302 | 307 | 308 | 410;

/** An address of the public site sent elsewhere (or answered 410 Gone), set by hand. */
export interface RedirectTable {
  id: Generated<number>;
  site_id: number;
  /** A site-relative path, `/old-page`: matched exactly, without trailing slash or query. */
  from_path: string;
  /** A site-relative path or an http(s) URL; null for 410. */
  to_url: string | null;
  status: number;
  hits: number;
  last_hit_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    redirects: RedirectTable;
  }
}
