import type { Timestamp } from '../../core/db/schema.js';

/** The first-run setup links (identity's migration 0003 created the table; the sites module owns it). */
export interface SetupTokenTable {
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface GlobalTables {
    setup_tokens: SetupTokenTable;
  }
}
