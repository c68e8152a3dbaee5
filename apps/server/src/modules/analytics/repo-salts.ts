import type { Kysely } from 'kysely';
import type { GlobalTables } from '../../core/db/schema.js';
import './tables.js';

/** The daily salts, shared by every process of the installation. */
export class SaltsRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  /** The salt of `day`: `fresh` stored if the day has none yet, else the one another process drew. */
  async take(day: string, fresh: string): Promise<string> {
    await this.db
      .insertInto('analytics_salts')
      .values({ day, salt: fresh })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('analytics_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  async deleteBefore(day: string): Promise<number> {
    const result = await this.db.deleteFrom('analytics_salts').where('day', '<', day).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
