import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import './tables.js';
import type { PreviewLinkTable } from './tables.js';

export type PreviewLinkRow = Selectable<PreviewLinkTable>;

/** The preview links of one site. */
export class PreviewLinksRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async insert(values: Omit<PreviewLinkTable, 'id' | 'site_id' | 'revoked_at'>): Promise<number> {
    const row = await this.db.insertInto('preview_links', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async byId(id: number): Promise<PreviewLinkRow | null> {
    return (
      (await this.db.selectFrom('preview_links').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    );
  }

  /** An entry's links that still open: neither revoked nor expired, newest first. */
  async liveOf(entryId: number, now: string): Promise<PreviewLinkRow[]> {
    return this.db
      .selectFrom('preview_links')
      .selectAll()
      .where('entry_id', '=', entryId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .execute();
  }

  async revoke(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('preview_links')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
