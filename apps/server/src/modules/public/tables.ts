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

/** A link that shows an entry's working copy to whoever holds it, until it expires or is revoked. */
export interface PreviewLinkTable {
  id: Generated<number>;
  site_id: number;
  entry_id: number;
  /** Its creator: the link opens only while they may still view the entry. Null once the user is gone. */
  created_by: number | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    redirects: RedirectTable;
    preview_links: PreviewLinkTable;
  }
}
