import type { Expression, Selectable, SqlBool, Updateable } from 'kysely';
import type { SiteInsert, SiteScopedDb } from '../../core/db/data.js';
import { containsText } from '../../core/db/text-search.js';
import type { AccountStatus, SiteAccountTable } from './tables.js';
import '../../core/activity/tables.js';
import './tables.js';

export type AccountRow = Selectable<SiteAccountTable>;

export interface AccountQuery {
  /** Part of the email or name, any case. */
  search?: string;
  status?: AccountStatus;
}

/** One site's accounts (site_accounts), through its scoped handle. */
export class AccountsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async insert(values: SiteInsert<'site_accounts'>): Promise<number> {
    const row = await this.db.insertInto('site_accounts', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  byId(id: number): Promise<AccountRow | undefined> {
    return this.db.selectFrom('site_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byEmail(email: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('site_accounts')
      .selectAll()
      .where('email_normalized', '=', normalizedEmail(email))
      .executeTakeFirst();
  }

  /** Whether the site has any account at all (its account pages answer then, registration or not). */
  async any(): Promise<boolean> {
    return (await this.db.selectFrom('site_accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  async update(id: number, changes: Updateable<Omit<SiteAccountTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('site_accounts').set(changes).where('id', '=', id).execute();
  }

  /**
   * Sets a new password hash if the account still has `expected` (its hash when the change was
   * checked): of two concurrent changes made with one link, one wins. False when another did.
   */
  async replacePassword(
    id: number,
    expected: string,
    changes: Updateable<Omit<SiteAccountTable, 'id' | 'site_id'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('site_accounts')
      .set(changes)
      .where('id', '=', id)
      .where('password_hash', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('site_accounts').where('id', '=', id).execute();
  }

  /** The site's activity log entries about the account, oldest first (at most 1,000). */
  activityOf(id: number): Promise<Array<{ action: string; ip: string | null; created_at: string }>> {
    return this.db
      .selectFrom('activity_log')
      .select(['action', 'ip', 'created_at'])
      .where('subject_type', '=', 'account')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .limit(1000)
      .execute();
  }

  /**
   * Keeps the log's entries about the account (what happened, and when) without what identifies the
   * person: their address and what the entries said of them (the email typed at a failed sign-in).
   */
  async forgetActivityOf(id: number): Promise<void> {
    await this.db
      .updateTable('activity_log')
      .set({ ip: null, details: '{}' })
      .where('subject_type', '=', 'account')
      .where('subject_id', '=', String(id))
      .execute();
  }

  /** A page of the site's accounts, newest first. */
  async list(
    query: AccountQuery,
    page: number,
    limit: number,
  ): Promise<{ items: AccountRow[]; total: number }> {
    const filtered = this.db.selectFrom('site_accounts').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.status) conditions.push(eb('status', '=', query.status));
      if (query.search) conditions.push(containsText(['email_normalized', 'name'], query.search));
      return eb.and(conditions);
    });
    const count = await filtered
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const items = await filtered
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { items, total: Number(count.n) };
  }
}

/** What makes two spellings of an address one: spaces around it and letter case. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}
