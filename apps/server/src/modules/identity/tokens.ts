import type { Kysely, Selectable } from 'kysely';
import { randomSecret, sha256 } from '../../core/access/secrets.js';
import { TtlCache } from '../../core/cache/ttl-cache.js';
import { readJson, writeJson } from '../../core/db/engine.js';
import type { GlobalTables } from '../../core/db/schema.js';
import type { ApiTokenTable } from './tables.js';

export type ApiTokenRow = Selectable<ApiTokenTable>;

export interface ApiToken {
  id: number;
  user_id: number;
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
 * change (access-resolver.ts). Expiry is checked on every use, cached or not. Unknown tokens are
 * not cached, so a guess always reaches the database (and the rate limiter).
 */
const TOKEN_CACHE_MS = 2_000;

export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** API tokens: the secret is returned once at creation and stored only as its SHA-256. */
export class ApiTokens {
  constructor(
    private readonly db: Kysely<GlobalTables>,
    readonly cache: TtlCache<string, ApiToken> = new TtlCache(TOKEN_CACHE_MS, 10_000),
  ) {}

  /** The same tokens over another handle, typically the transaction of the calling operation. */
  withDb(db: Kysely<GlobalTables>): ApiTokens {
    return new ApiTokens(db, this.cache);
  }

  async create(input: {
    userId: number;
    name: string;
    permissions: string[] | null;
    expiresAt: string | null;
  }): Promise<{ token: string; record: ApiToken }> {
    const prefix = `tsr_${randomSecret(12)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .padEnd(8, '0')}`;
    const token = `${prefix}_${randomSecret(32)}`;
    const at = new Date().toISOString();
    const row = await this.db
      .insertInto('api_tokens')
      .values({
        user_id: input.userId,
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

  /** The live token for a presented secret: not revoked, not expired. Records when it was last used. */
  async authenticate(token: string): Promise<ApiToken | null> {
    if (!isTokenShaped(token)) return null;
    const hash = sha256(token);
    const now = new Date();
    const nowMs = now.getTime();
    let record = this.cache.get(hash, nowMs);
    if (record === undefined) {
      const row = await this.db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || row.revoked_at) return null;
      record = toApiToken(row);
      this.cache.set(hash, record, nowMs);
    }
    if (record.expires_at && record.expires_at <= now.toISOString()) return null;
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

  async listOf(userId: number): Promise<ApiToken[]> {
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toApiToken);
  }

  async findOf(userId: number, id: number): Promise<ApiToken | null> {
    const row = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
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

  /** Drops cached tokens (by id, or every one of a user), once their revocation has committed. */
  forget(which: { tokenId: number } | { userId: number }): void {
    this.cache.deleteWhere((_hash, token) =>
      'tokenId' in which ? token.id === which.tokenId : token.user_id === which.userId,
    );
  }
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    prefix: row.prefix,
    permissions: readJson<string[] | null>(row.permissions, null),
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
  };
}
