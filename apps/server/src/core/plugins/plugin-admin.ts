import { cp, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type ActivityActor, BY_SYSTEM, recordActivity } from '../activity/record.js';
import { bumpCacheEpoch } from '../cache/cache-epoch.js';
import { type MigrationSource, migrateToLatest } from '../db/migrate.js';
import { NotFound } from '../errors.js';
import type { Runtime } from '../runtime.js';
import type { Site } from '../sites/site.js';
import { readManifest } from './manifest.js';
import { unpackPackage } from './package-archive.js';
import { linkPluginPackage, pluginsDir } from './package-link.js';
import { pluginsOf } from './plugin-host.js';
import { PluginRepo } from './plugin-repo.js';
import { requireActivatable, requireDeactivatable } from './requirements.js';

export interface InstalledReport {
  name: string;
  version: string;
  /** The version it replaced, when it was installed already. */
  previousVersion: string | null;
  folder: string;
  migrations: string[];
}

/**
 * `tessera plugin:install <folder or .tgz>`: checks the manifest, copies the plugin under
 * DATA_DIR/plugins/<name>, runs its migrations, and records it. Reinstalling upgrades in place.
 * The plugin loads at the next start of each process; it acts on no site until activated.
 */
export async function installPlugin(
  runtime: Runtime,
  source: string,
  /** Every other migration folder: the migrator checks the whole history in each run. */
  otherMigrations: readonly MigrationSource[],
): Promise<InstalledReport> {
  const unpacked = await unpackPackage(resolve(source), 'plugin');
  try {
    const manifest = readManifest(unpacked.folder);
    const repo = new PluginRepo(runtime.data.global);
    const previous = await repo.find(manifest.name);
    await linkPluginPackage(pluginsDir(runtime));
    const dest = join(pluginsDir(runtime), manifest.name);
    // Copied beside, then swapped in, so a failed copy leaves an installed version whole.
    const incoming = `${dest}.incoming`;
    await rm(incoming, { recursive: true, force: true });
    await cp(unpacked.folder, incoming, { recursive: true });
    await rm(dest, { recursive: true, force: true });
    await rename(incoming, dest);
    const installed = readManifest(dest);
    const prefix = `plugin.${installed.name}.`;
    const sources = otherMigrations.filter((other) => other.prefix !== prefix);
    if (installed.migrations) sources.push({ folder: installed.migrations, prefix });
    // Before the plugin is recorded: a plugin whose migrations fail is not installed.
    const migrations = await migrateToLatest(runtime.database, sources);
    await repo.save({
      name: installed.name,
      version: installed.version,
      folder: dest,
      at: new Date().toISOString(),
    });
    return {
      name: installed.name,
      version: installed.version,
      previousVersion: previous?.version ?? null,
      folder: dest,
      migrations,
    };
  } finally {
    await unpacked.cleanup();
  }
}

/** Activates an installed plugin on a site; true when it was not active there. Servers follow within seconds. */
export async function activatePlugin(
  runtime: Runtime,
  name: string,
  site: Site,
  by: ActivityActor = BY_SYSTEM,
): Promise<boolean> {
  const repo = new PluginRepo(runtime.data.global);
  const plugin = await repo.find(name);
  if (!plugin) throw new NotFound(`Plugin ${name}`, 'plugin_not_installed');
  await requireActivatable(repo, plugin, site.id);
  await pluginsOf(runtime).checkActivation(name, site);
  const changed = await repo.activate(name, site.id, new Date().toISOString());
  if (changed) await recordSwitch(runtime, site, name, 'plugin.activated', by);
  await announceActivation(runtime, name);
  return changed;
}

/** Deactivates a plugin on a site; true when it was active there. Its data stays. */
export async function deactivatePlugin(
  runtime: Runtime,
  name: string,
  site: Site,
  by: ActivityActor = BY_SYSTEM,
): Promise<boolean> {
  const repo = new PluginRepo(runtime.data.global);
  if (!(await repo.find(name))) throw new NotFound(`Plugin ${name}`, 'plugin_not_installed');
  await requireDeactivatable(repo, name, site.id);
  const changed = await repo.deactivate(name, site.id);
  if (changed) await recordSwitch(runtime, site, name, 'plugin.deactivated', by);
  await announceActivation(runtime, name);
  return changed;
}

/** In the site's activity log, whoever switched it: the REST API and the CLI alike. */
function recordSwitch(runtime: Runtime, site: Site, name: string, action: string, by: ActivityActor) {
  return recordActivity(runtime.data, site.id, {
    userId: by.userId,
    action,
    subjectType: 'plugin',
    subjectId: name,
    ip: by.ip,
  });
}

/** This process at once; every other server and worker at its next cache-epoch poll. */
async function announceActivation(runtime: Runtime, name: string): Promise<void> {
  const host = pluginsOf(runtime);
  await host.reloadActivation();
  await host.syncSiteSchedules(name);
  // What the plugin adds (content types, fields, pages, the head of cached pages) shows at once here.
  await runtime.caches.clearAll();
  await bumpCacheEpoch(runtime.data.global);
}
