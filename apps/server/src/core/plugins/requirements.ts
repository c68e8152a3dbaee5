import semver from 'semver';
import { Conflict } from '../errors.js';
import { type PluginManifest, readManifest } from './manifest.js';
import type { InstalledPlugin, PluginRepo } from './plugin-repo.js';

/**
 * Plugins that build on others (`tessera.requires`: invoices on the shop) need them active on the
 * same site, in a version the range accepts. Checked when a site switches a plugin on or off, so
 * no site ever runs a plugin without what it stands on.
 */
export async function requireActivatable(
  repo: PluginRepo,
  plugin: InstalledPlugin,
  siteId: number,
): Promise<void> {
  const requires = manifestOf(plugin)?.requires ?? {};
  if (Object.keys(requires).length === 0) return;
  const installed = new Map((await repo.list()).map((row) => [row.name, row]));
  const active = await repo.activeSites();
  const missing = Object.entries(requires)
    .filter(([name, range]) => {
      const row = installed.get(name);
      return (
        !row ||
        !active.get(name)?.has(siteId) ||
        !semver.satisfies(row.version, range, { includePrerelease: true })
      );
    })
    .map(([name, range]) => `${name} ${range}`);
  if (missing.length > 0)
    throw new Conflict(
      `${plugin.name} needs ${missing.join(', ')} active on this site.`,
      'plugin_requirement_missing',
    );
}

/** A plugin others active on the site require stays on until they are switched off. */
export async function requireDeactivatable(repo: PluginRepo, name: string, siteId: number): Promise<void> {
  const active = await repo.activeSites();
  const dependents = (await repo.list())
    .filter((row) => row.name !== name && active.get(row.name)?.has(siteId))
    .filter((row) => manifestOf(row)?.requires[name] !== undefined)
    .map((row) => row.name);
  if (dependents.length > 0)
    throw new Conflict(`${name} is required on this site by ${dependents.join(', ')}.`, 'plugin_required');
}

/** A plugin others require, wherever they are installed, stays until they are uninstalled. */
export async function requireUninstallable(repo: PluginRepo, name: string): Promise<void> {
  const dependents = (await repo.list())
    .filter((row) => row.name !== name && manifestOf(row)?.requires[name] !== undefined)
    .map((row) => row.name);
  if (dependents.length > 0)
    throw new Conflict(
      `${name} is required by ${dependents.join(', ')}: uninstall them first.`,
      'plugin_required',
    );
}

/** An installed plugin's manifest; null when it no longer reads (plugin:list reports why). */
function manifestOf(plugin: InstalledPlugin): PluginManifest | null {
  try {
    return readManifest(plugin.folder);
  } catch {
    return null;
  }
}
