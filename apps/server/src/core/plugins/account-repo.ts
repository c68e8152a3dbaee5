import type { PluginAccount, PluginAccountPage } from '@tessera/plugin';
import type { SiteScopedDb } from '../db/data.js';
import { containsText } from '../db/text-search.js';

/**
 * The columns of a site account a plugin may read: never its password hash, and nothing of its
 * sign-in (verification, last sign-in). The accounts module owns the table; this reads it as the
 * plugin context promises (`plugin.accounts`), on the operation's site only.
 */
const SHOWN = ['id', 'email', 'name', 'status', 'locale', 'created_at'] as const;

export class PluginAccountRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async byId(id: number): Promise<PluginAccount | null> {
    const row = await this.db
      .selectFrom('site_accounts')
      .select(SHOWN)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** By address as the accounts module keys them: trimmed and lowercased. */
  async byEmail(email: string): Promise<PluginAccount | null> {
    const row = await this.db
      .selectFrom('site_accounts')
      .select(SHOWN)
      .where('email_normalized', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row ?? null;
  }

  async search(query: string, page: number, limit: number): Promise<PluginAccountPage> {
    const filtered = this.db
      .selectFrom('site_accounts')
      .where((eb) => (query === '' ? eb.and([]) : containsText(['email_normalized', 'name'], query)));
    const count = await filtered
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await filtered
      .select(SHOWN)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { items: rows, total: Number(count.n) };
  }
}
