import type { Data } from '../db/data.js';
import { readJson, writeJson } from '../db/engine.js';
import type { VisitorSessionTable } from './tables.js';
import type { VisitorRecord, VisitorStore } from './visitor-store.js';
import './tables.js';

/** Visitors' sessions in the visitor_sessions table; queries join the operation's transaction. */
export class DatabaseVisitorStore implements VisitorStore {
  constructor(private readonly data: Data) {}

  async find(siteId: number, id: string): Promise<VisitorRecord | null> {
    const row = await this.data
      .site(siteId)
      .selectFrom('visitor_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  async create(record: VisitorRecord): Promise<void> {
    await this.data
      .site(record.siteId)
      .insertInto('visitor_sessions', {
        id: record.id,
        account_id: record.accountId,
        data: writeJson(record.data),
        created_at: record.createdAt,
        last_seen_at: record.lastSeenAt,
        expires_at: record.expiresAt,
      })
      .execute();
  }

  async update(record: VisitorRecord): Promise<void> {
    await this.data
      .site(record.siteId)
      .updateTable('visitor_sessions')
      .set({ account_id: record.accountId, data: writeJson(record.data), last_seen_at: record.lastSeenAt })
      .where('id', '=', record.id)
      .execute();
  }

  async touch(siteId: number, id: string, at: string): Promise<void> {
    await this.data
      .site(siteId)
      .updateTable('visitor_sessions')
      .set({ last_seen_at: at })
      .where('id', '=', id)
      .execute();
  }

  async remove(siteId: number, id: string): Promise<void> {
    await this.data.site(siteId).deleteFrom('visitor_sessions').where('id', '=', id).execute();
  }

  async removeAllOfAccount(siteId: number, accountId: number, keepId: string | null): Promise<number> {
    let query = this.data.site(siteId).deleteFrom('visitor_sessions').where('account_id', '=', accountId);
    if (keepId !== null) query = query.where('id', '!=', keepId);
    return Number((await query.executeTakeFirst()).numDeletedRows);
  }

  async purgeExpired(nowIso: string): Promise<number> {
    // Every site's at once: the purge is the installation's job, not one site's.
    const result = await this.data.raw
      .deleteFrom('visitor_sessions')
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {}
}

function recordOf(row: VisitorSessionTable): VisitorRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    accountId: row.account_id,
    data: readJson<Record<string, unknown>>(row.data, {}),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}
