import type { Kysely, Selectable } from 'kysely';
import type { GlobalTables } from '../db/schema.js';
import type { PluginTable } from './tables.js';

export type InstalledPlugin = Selectable<PluginTable>;

/** The installed plugins and the sites each is active on. */
export class PluginRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  list(): Promise<InstalledPlugin[]> {
    return this.db.selectFrom('plugins').selectAll().orderBy('name').execute();
  }

  async find(name: string): Promise<InstalledPlugin | null> {
    return (
      (await this.db.selectFrom('plugins').selectAll().where('name', '=', name).executeTakeFirst()) ?? null
    );
  }

  async save(plugin: { name: string; version: string; folder: string; at: string }): Promise<void> {
    await this.db
      .insertInto('plugins')
      .values({
        name: plugin.name,
        version: plugin.version,
        folder: plugin.folder,
        installed_at: plugin.at,
        updated_at: plugin.at,
      })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ version: plugin.version, folder: plugin.folder, updated_at: plugin.at }),
      )
      .execute();
  }

  /** Site ids by plugin name. */
  async activeSites(): Promise<Map<string, Set<number>>> {
    const rows = await this.db.selectFrom('plugin_sites').select(['plugin', 'site_id']).execute();
    const sites = new Map<string, Set<number>>();
    for (const row of rows) {
      const set = sites.get(row.plugin) ?? new Set<number>();
      set.add(row.site_id);
      sites.set(row.plugin, set);
    }
    return sites;
  }

  /** True when the plugin was not active there before. */
  async activate(plugin: string, siteId: number, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('plugin_sites')
      .values({ plugin, site_id: siteId, activated_at: at })
      .onConflict((oc) => oc.columns(['plugin', 'site_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when the plugin was active there. */
  async deactivate(plugin: string, siteId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('plugin_sites')
      .where('plugin', '=', plugin)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
