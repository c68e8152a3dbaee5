import type { Kysely, Selectable } from 'kysely';
import type { IssuedSecret } from '../../../core/access/secrets.js';
import type { GlobalTables } from '../../../core/db/schema.js';
import type { PasswordResetTable } from '../tables.js';

export type PasswordResetRow = Selectable<PasswordResetTable>;

/** Password reset links: one row per link, found by the SHA-256 of its token. */
export class PasswordResetsRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  async insert(userId: number, token: IssuedSecret): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: token.hash,
        user_id: userId,
        expires_at: token.expires_at,
        used_at: null,
        created_at: token.created_at,
      })
      .execute();
  }

  findByHash(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Links issued to the user since `since` (ISO time), used or not. */
  async countIssuedSince(userId: number, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Uses the link if it is still unused and live; false when another request used it first. */
  async use(tokenHash: string, at: string): Promise<boolean> {
    const used = await this.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  /** Cancels the user's other unused links. */
  async cancelOthers(userId: number, keepTokenHash: string): Promise<void> {
    await this.db
      .deleteFrom('password_resets')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', keepTokenHash)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Deletes used and expired links; returns how many. */
  async purgeSpent(nowIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('password_resets')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
