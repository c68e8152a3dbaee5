import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { bumpCacheEpoch } from '../cache/cache-epoch.js';
import { likeLiteral } from '../db/text-search.js';
import { NotFound } from '../errors.js';
import type { Runtime } from '../runtime.js';
import { pluginsOf } from './plugin-host.js';
import { PluginRepo } from './plugin-repo.js';
import { requireUninstallable } from './requirements.js';

/** The plugin being removed: its name and area (the prefix of everything it named). */
export interface Uninstalled {
  name: string;
  area: string;
}

/**
 * What a module removes of a plugin it keeps data for (its settings, its fields in entries, role
 * grants of its permissions): said first, for the confirmation, then done. Registered by the module
 * (`PluginHost.addUninstallStep`), since the core does not reach the modules' tables.
 */
export interface UninstallStep {
  /** What there is of the plugin, in a line each; none when there is nothing. */
  describe(plugin: Uninstalled): Promise<string[]>;
  remove(plugin: Uninstalled): Promise<void>;
}

/**
 * A step over every site's rows of one kind: how many there are (said when there are some), then
 * removed, site by site.
 */
export function perSiteStep(
  runtime: Runtime,
  step: {
    count(siteId: number, plugin: Uninstalled): Promise<number>;
    say(count: number, plugin: Uninstalled): string;
    remove(siteId: number, plugin: Uninstalled): Promise<unknown>;
  },
): UninstallStep {
  const sites = async () => (await runtime.siteStore.list()).map((site) => site.id);
  return {
    async describe(plugin) {
      let total = 0;
      for (const id of await sites()) total += await step.count(id, plugin);
      return total > 0 ? [step.say(total, plugin)] : [];
    },
    async remove(plugin) {
      for (const id of await sites()) await step.remove(id, plugin);
    },
  };
}

/** A LIKE pattern for names starting with `prefix` (for a query that says `escape '\\'`). */
export function startsWith(prefix: string): string {
  return `${likeLiteral(prefix)}%`;
}

/**
 * `tessera plugin:uninstall <name>`: what would go (`plan`), then everything of the plugin removed
 * (`uninstall`): its tables and their rows, its migrations' records, its schedules and jobs, where
 * it was active, its installed copy, and what the modules keep of it (its settings on every site,
 * its fields' values in entries and revisions, role grants of its permissions, its media uses). Its
 * content types stay, with their entries, as the site's own: people wrote them. Refused while
 * another installed plugin requires it.
 */
export async function uninstallPlan(runtime: Runtime, name: string): Promise<string[]> {
  const plugin = await installed(runtime, name);
  const tables = await pluginTables(runtime, plugin.area);
  const lines = tables.length > 0 ? [`tables: ${tables.join(', ')}`] : [];
  for (const step of pluginsOf(runtime).uninstallSteps()) lines.push(...(await step.describe(plugin)));
  lines.push(`its installed copy: ${(await new PluginRepo(runtime.data.global).find(name))?.folder}`);
  return lines;
}

export async function uninstallPlugin(runtime: Runtime, name: string): Promise<void> {
  const plugin = await installed(runtime, name);
  const repo = new PluginRepo(runtime.data.global);
  const row = await repo.find(name);
  await requireUninstallable(repo, name);
  for (const step of pluginsOf(runtime).uninstallSteps()) await step.remove(plugin);
  const db = runtime.database.kysely;
  const like = startsWith(`${plugin.area}.`);
  await runtime.data.transaction(async () => {
    for (const table of await pluginTables(runtime, plugin.area))
      await db.schema.dropTable(table).ifExists().execute();
    await sql`delete from tessera_migrations where name like ${startsWith(`plugin.${name}.`)} escape '\\'`.execute(
      db,
    );
    await sql`delete from job_schedules where name like ${like} escape '\\'`.execute(db);
    await sql`delete from jobs where name like ${like} escape '\\'`.execute(db);
    await sql`delete from plugin_sites where plugin = ${name}`.execute(db);
    await sql`delete from plugins where name = ${name}`.execute(db);
  });
  if (row) await rm(row.folder, { recursive: true, force: true });
  await pluginsOf(runtime).reloadActivation();
  await runtime.caches.clearAll();
  await bumpCacheEpoch(runtime.data.global);
}

async function installed(runtime: Runtime, name: string): Promise<Uninstalled> {
  if (!(await new PluginRepo(runtime.data.global).find(name)))
    throw new NotFound(`Plugin ${name}`, 'plugin_not_installed');
  return { name, area: name.replaceAll('-', '_') };
}

/** The plugin's tables (`<area>_...`), as the database lists them. */
async function pluginTables(runtime: Runtime, area: string): Promise<string[]> {
  const db = runtime.database.kysely;
  const pattern = startsWith(`${area}_`);
  const rows =
    runtime.database.engine.name === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name like ${pattern} escape '\\' order by name`.execute(
          db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like ${pattern} escape '\\' order by table_name`.execute(
          db,
        );
  return rows.rows.map((row) => row.name);
}
