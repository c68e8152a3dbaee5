import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { randomSecret, sha256 } from '../../../core/access/secrets.js';
import { TtlCache } from '../../../core/cache/ttl-cache.js';
import { readJson, writeJson } from '../../../core/db/engine.js';
import type { GlobalTables } from '../../../core/db/schema.js';
import type { ApiTokenTable } from '../tables.js';

export type ApiTokenRow = Selectable<ApiTokenTable>;

export interface ApiToken {
  id: number;
  user_id: number;
  /** The one site the token works on; null when installation-wide (a Super Admin's, made explicitly). */
  site_id: number | null;
  installation_wide: boolean;
  name: string;
  prefix: string;
  permissions: string[] | null;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** Token strings look like `tsr_ab12cd34_<secret>`; the prefix up to the second underscore is shown in lists. */
const TOKEN_SHAPE = /^tsr_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/;
// Writing last-used on every request would make every token read a write.
const LAST_USED_EVERY_MS = 60_000;

/**
 * Tokens recently authenticated are cached by the SHA-256 of their secret, so a client's burst of
 * requests costs one lookup rather than one per request. A revocation forgets the entry in this
 * process as soon as it commits; other instances notice within this bound, the same as a role
 * change (access-resolver.ts). Expiry is checked on every use, cached or not.
 */
const TOKEN_CACHE_MS = 2_000;
/**
 * Unknown and revoked secrets are remembered briefly by hash too, so a client repeating a bad token
 * costs no query. Safe for new tokens: a fresh secret's hash cannot be cached before it exists (and
 * `create` forgets it anyway), so a token made by the CLI or another instance works at once.
 */
const UNKNOWN_TOKEN_CACHE_MS = 5_000;

export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** API tokens: the secret is returned once at creation and stored only as its SHA-256. */
export class ApiTokens {
  constructor(
    private readonly db: Kysely<GlobalTables>,
    readonly cache: TtlCache<string, ApiToken> = new TtlCache(TOKEN_CACHE_MS, 10_000),
    readonly unknown: TtlCache<string, true> = new TtlCache(UNKNOWN_TOKEN_CACHE_MS, 10_000),
  ) {}

  /** The same tokens over another handle, typically the transaction of the calling operation. */
  withDb(db: Kysely<GlobalTables>): ApiTokens {
    return new ApiTokens(db, this.cache, this.unknown);
  }

  /** Forgets every cached answer, known and unknown tokens alike. */
  forgetAll(): void {
    this.cache.clear();
    this.unknown.clear();
  }

  async create(input: {
    userId: number;
    /** The site the token is bound to; null makes it installation-wide (callers check who may). */
    siteId: number | null;
    name: string;
    permissions: string[] | null;
    expiresAt: string | null;
  }): Promise<{ token: string; record: ApiToken }> {
    const prefix = `tsr_${randomSecret(12)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .padEnd(8, '0')}`;
    const token = `${prefix}_${randomSecret(32)}`;
    this.unknown.delete(sha256(token));
    const at = new Date().toISOString();
    const row = await this.db
      .insertInto('api_tokens')
      .values({
        user_id: input.userId,
        site_id: input.siteId,
        name: input.name,
        prefix,
        token_hash: sha256(token),
        permissions: input.permissions ? writeJson(input.permissions) : null,
        expires_at: input.expiresAt,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, record: toApiToken(row) };
  }

  /**
   * The live token for a presented secret: not revoked, not expired, and bound to `siteId` (the
   * request's site, null when none) or installation-wide. Records when it was last used.
   * `beforeLookup` runs only when the answer is not cached and the database must be asked; it may
   * throw to refuse the lookup (the rate limiter does, for a client that has spent its budget).
   */
  async authenticate(
    token: string,
    siteId: number | null,
    beforeLookup?: () => Promise<void>,
  ): Promise<ApiToken | null> {
    if (!isTokenShaped(token)) return null;
    const hash = sha256(token);
    const now = new Date();
    const nowMs = now.getTime();
    let record = this.cache.get(hash, nowMs);
    if (record === undefined) {
      if (this.unknown.get(hash, nowMs)) return null;
      await beforeLookup?.();
      const row = await this.db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.revoked_at) {
        this.unknown.set(hash, true, nowMs);
        return null;
      }
      record = toApiToken(row);
      this.cache.set(hash, record, nowMs);
    }
    if (record.expires_at && record.expires_at <= now.toISOString()) return null;
    // A token of another site is refused like an unknown one, telling nothing about where it works.
    if (record.site_id !== null && record.site_id !== siteId) return null;
    if (!record.last_used_at || nowMs - Date.parse(record.last_used_at) > LAST_USED_EVERY_MS) {
      record.last_used_at = now.toISOString();
      await this.db
        .updateTable('api_tokens')
        .set({ last_used_at: record.last_used_at })
        .where('id', '=', record.id)
        .execute();
    }
    return { ...record };
  }

  /** The user's tokens; with `siteId`, only those working on that site (its own and installation-wide ones). */
  async listOf(userId: number, siteId?: number): Promise<ApiToken[]> {
    let query = this.db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId);
    if (siteId !== undefined) query = query.where(onSite(siteId));
    const rows = await query.orderBy('id', 'desc').execute();
    return rows.map(toApiToken);
  }

  /** One of the user's tokens that works on `siteId`. */
  async findOf(userId: number, siteId: number, id: number): Promise<ApiToken | null> {
    const row = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where(onSite(siteId))
      .executeTakeFirst();
    return row ? toApiToken(row) : null;
  }

  /**
   * Marks the token revoked. The cache is left alone: the caller forgets the token after its
   * transaction commits (`forget`), since a request between an early forget and the commit would
   * read the still-live row and cache it again.
   */
  async revoke(id: number): Promise<void> {
    await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every live token of the user but `exceptId`; returns how many. Forget them after commit. */
  async revokeAllOf(userId: number, exceptId: number | null = null): Promise<number> {
    let query = this.db
      .updateTable('api_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Revokes the user's live tokens bound to one site (they were removed from it); returns how many. */
  async revokeAllOn(userId: number, siteId: number): Promise<number> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('site_id', '=', siteId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Drops cached tokens (by id, or every one of a user), once their revocation has committed. */
  forget(which: { tokenId: number } | { userId: number }): void {
    this.cache.deleteWhere((_hash, token) =>
      'tokenId' in which ? token.id === which.tokenId : token.user_id === which.userId,
    );
  }
}

function onSite(siteId: number) {
  return (eb: ExpressionBuilder<GlobalTables, 'api_tokens'>) =>
    eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]);
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    user_id: row.user_id,
    site_id: row.site_id,
    installation_wide: row.site_id === null,
    name: row.name,
    prefix: row.prefix,
    permissions: readJson<string[] | null>(row.permissions, null),
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
  };
}
