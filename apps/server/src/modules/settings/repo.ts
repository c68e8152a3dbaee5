import type { SiteScopedDb } from '../../core/db/data.js';
import './tables.js';

export interface StoredSetting {
  group_name: string;
  key: string;
  value: string;
}

/** The stored settings of one site. */
export class SettingsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** Stored values of one group, or of every group when none is named. */
  list(group?: string): Promise<StoredSetting[]> {
    let query = this.db.selectFrom('site_settings').select(['group_name', 'key', 'value']);
    if (group !== undefined) query = query.where('group_name', '=', group);
    return query.execute();
  }

  /** One statement per key, so concurrent edits of different keys never overwrite each other. */
  async put(group: string, key: string, value: string, at: string): Promise<void> {
    await this.db
      .insertInto('site_settings', { group_name: group, key, value, updated_at: at })
      .onConflict((oc) => oc.columns(['site_id', 'group_name', 'key']).doUpdateSet({ value, updated_at: at }))
      .execute();
  }

  /** A whole group's stored values (a plugin uninstalled); how many there were. */
  async removeGroup(group: string): Promise<number> {
    const result = await this.db
      .deleteFrom('site_settings')
      .where('group_name', '=', group)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async remove(group: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('site_settings')
      .where('group_name', '=', group)
      .where('key', '=', key)
      .execute();
  }
}
