import type { Kysely } from 'kysely';
import type { IssuedSecret } from '../../core/access/secrets.js';
import type { GlobalTables } from '../../core/db/schema.js';
import './tables.js';

/** Setup links, found by the SHA-256 of their token. */
export class SetupTokensRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  async insert(token: IssuedSecret): Promise<void> {
    await this.db
      .insertInto('setup_tokens')
      .values({
        token_hash: token.hash,
        expires_at: token.expires_at,
        used_at: null,
        created_at: token.created_at,
      })
      .execute();
  }

  /** Uses the link if it is unused and live, in one conditional update; false otherwise. */
  async use(tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('setup_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes used and expired links; returns how many. */
  async purgeSpent(nowIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('setup_tokens')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
