/** A visitor's session as it is stored, whichever the store. */
export interface VisitorRecord {
  /** SHA-256 (hex) of the secret in the visitor's cookie: the cookie itself is never stored. */
  id: string;
  siteId: number;
  accountId: number | null;
  data: Record<string, unknown>;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/**
 * Where visitors' sessions live: the database (visitor_sessions), or Redis when REDIS_URL is set so
 * every instance sees them without a query to the database. Every read is by site and id, so a
 * session never answers on another site.
 */
export interface VisitorStore {
  /** The live session, or null (none, another site's, or expired). */
  find(siteId: number, id: string): Promise<VisitorRecord | null>;
  create(record: VisitorRecord): Promise<void>;
  /** Replaces the session's data and account, keeping its expiry. */
  update(record: VisitorRecord): Promise<void>;
  /** Notes that the visitor came back at `at`. */
  touch(siteId: number, id: string, at: string): Promise<void>;
  remove(siteId: number, id: string): Promise<void>;
  /** Ends every session of a site account on its site, but `keepId`; answers how many ended. */
  removeAllOfAccount(siteId: number, accountId: number, keepId: string | null): Promise<number>;
  /** Deletes what has expired (Redis expires its keys itself); answers how many. */
  purgeExpired(nowIso: string): Promise<number>;
  close(): Promise<void>;
}
