import type { Timestamp } from '../db/schema.js';

/** A visitor's session as the database keeps it (migration 0034). */
export interface VisitorSessionTable {
  /** SHA-256 (hex) of the secret in the visitor's cookie. */
  id: string;
  site_id: number;
  /** The site account signed in with this session, if any. */
  account_id: number | null;
  /** JSON object: what the site keeps for the visitor (a cart). */
  data: unknown;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

declare module '../db/schema.js' {
  interface SiteTables {
    visitor_sessions: VisitorSessionTable;
  }
}
