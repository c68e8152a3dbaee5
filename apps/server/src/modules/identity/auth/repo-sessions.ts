import type { Kysely, Selectable } from 'kysely';
import { randomSecret, sha256 } from '../../../core/access/secrets.js';
import type { GlobalTables } from '../../../core/db/schema.js';
import type { SessionTable } from '../tables.js';

export type SessionRow = Selectable<SessionTable>;

export const SESSION_COOKIE = 'tessera_session';

// Refreshing last-seen on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteHours: number;
}

/** Server-side sessions of the admin app. The cookie holds a random value; the table holds its hash. */
export class Sessions {
  constructor(
    private readonly db: Kysely<GlobalTables>,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  /** The same sessions over another handle, typically the transaction of the calling operation. */
  withDb(db: Kysely<GlobalTables>): Sessions {
    return new Sessions(db, this.lifetimes);
  }

  /**
   * A new session with a new id (so a pre-login id can never be fixated) and its CSRF token, bound
   * to the site it was opened on.
   */
  async start(
    userId: number,
    siteId: number,
    client: { ip: string | null; userAgent: string | null },
  ): Promise<{ cookie: string; session: SessionRow }> {
    const cookie = randomSecret(32);
    const at = new Date();
    const session: SessionRow = {
      id: sha256(cookie),
      user_id: userId,
      site_id: siteId,
      csrf_token: randomSecret(32),
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
      created_at: at.toISOString(),
      last_seen_at: at.toISOString(),
      idle_expires_at: new Date(at.getTime() + this.lifetimes.idleMinutes * 60_000).toISOString(),
      absolute_expires_at: new Date(at.getTime() + this.lifetimes.absoluteHours * 3_600_000).toISOString(),
    };
    await this.db.insertInto('sessions').values(session).execute();
    return { cookie, session };
  }

  /**
   * The live session of `siteId` for a cookie value, its idle expiry pushed forward; expired ones
   * are deleted. A session of another site is not found, and stays untouched.
   */
  async resume(cookie: string, siteId: number): Promise<SessionRow | null> {
    const id = sha256(cookie);
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!session) return null;
    const now = new Date();
    const nowIso = now.toISOString();
    if (session.idle_expires_at <= nowIso || session.absolute_expires_at <= nowIso) {
      await this.end(id);
      return null;
    }
    if (now.getTime() - Date.parse(session.last_seen_at) > TOUCH_AFTER_MS) {
      session.last_seen_at = nowIso;
      session.idle_expires_at = new Date(now.getTime() + this.lifetimes.idleMinutes * 60_000).toISOString();
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: session.last_seen_at, idle_expires_at: session.idle_expires_at })
        .where('id', '=', id)
        .execute();
    }
    return session;
  }

  async end(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of the user, except `keepId` (the one changing the password keeps going). */
  async endAllOf(userId: number, keepId: string | null = null): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepId) query = query.where('id', '!=', keepId);
    await query.execute();
  }

  /** Ends the user's sessions on one site: they were removed from it. */
  async endAllOn(userId: number, siteId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('site_id', '=', siteId).execute();
  }

  /** Removes expired rows; run by a recurring job. */
  async purgeExpired(): Promise<number> {
    const nowIso = new Date().toISOString();
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('idle_expires_at', '<=', nowIso), eb('absolute_expires_at', '<=', nowIso)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
