import { cp, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type ActivityActor, BY_SYSTEM, recordActivity } from '../../../core/activity/record.js';
import { bumpCacheEpoch } from '../../../core/cache/cache-epoch.js';
import { NotFound, ValidationFailed } from '../../../core/errors.js';
import { unpackPackage } from '../../../core/plugins/package-archive.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { SiteStore } from '../../../core/sites/site-store.js';
import { describe, loadTheme, ThemeRegistry } from './registry.js';

const registries = new WeakMap<Runtime, ThemeRegistry>();

/** The runtime's themes: one registry per runtime, its cache forgotten with the others. */
export function themesOf(runtime: Runtime): ThemeRegistry {
  let registry = registries.get(runtime);
  if (!registry) {
    const created = new ThemeRegistry(join(runtime.config.dataDir, 'themes'), runtime.log);
    runtime.caches.register(
      'themes',
      () => created.forget(),
      (name) => created.forget(name as string),
    );
    registries.set(runtime, created);
    registry = created;
  }
  return registry;
}

/**
 * `tessera theme:install <folder or .tgz>`: checks the package (manifest, stylesheet, and that its
 * layouts load), copies it under DATA_DIR/themes/<name>, and has every running server load it anew.
 * Reinstalling upgrades in place. The default theme cannot be replaced.
 */
export async function installTheme(
  runtime: Runtime,
  source: string,
): Promise<{ name: string; version: string; previousVersion: string | null; folder: string }> {
  const registry = themesOf(runtime);
  const unpacked = await unpackPackage(resolve(source), 'theme');
  try {
    let checked: Awaited<ReturnType<typeof loadTheme>>;
    try {
      checked = await loadTheme(unpacked.folder);
    } catch (error) {
      if (error instanceof ValidationFailed) throw error;
      throw ValidationFailed.field('layouts', `The theme's layouts do not load: ${describe(error)}`);
    }
    const { name, version } = checked.manifest;
    if (name === 'default')
      throw ValidationFailed.field('tessera.theme', 'The default theme is part of Tessera.');
    const previous = registry.list().find((theme) => theme.name === name)?.manifest?.version ?? null;
    const dest = join(registry.dir, name);
    // Copied beside, then swapped in, so a failed copy leaves an installed version whole.
    const incoming = `${dest}.incoming`;
    await rm(incoming, { recursive: true, force: true });
    await cp(unpacked.folder, incoming, { recursive: true });
    await rm(dest, { recursive: true, force: true });
    await rename(incoming, dest);
    await runtime.caches.forget('themes', name);
    // Other processes, and their cached pages, follow at their next cache-epoch poll.
    await bumpCacheEpoch(runtime.data.global);
    return { name, version, previousVersion: previous, folder: dest };
  } finally {
    await unpacked.cleanup();
  }
}

/** Makes `name` the site's theme (spec 1, per-site theme); its pages are rendered anew. */
export async function activateTheme(
  runtime: Runtime,
  site: Site,
  name: string,
  by: ActivityActor = BY_SYSTEM,
): Promise<void> {
  const theme = await themesOf(runtime).load(name);
  if (!theme) {
    const listed = themesOf(runtime)
      .list()
      .find((found) => found.name === name);
    if (listed?.error)
      throw ValidationFailed.field('name', `The theme ${name} does not load: ${listed.error}`);
    throw new NotFound(`Theme ${name}`, 'theme_not_installed');
  }
  // A new updated_at makes every cached page of the site stale, here and in other processes.
  await runtime.data.transaction(async (tx) => {
    await new SiteStore(tx.global).update(site.id, { theme: name }, new Date().toISOString());
    if (site.theme !== name)
      await recordActivity(tx, site.id, {
        userId: by.userId,
        action: 'theme.activated',
        subjectType: 'theme',
        subjectId: name,
        ip: by.ip,
        details: { theme: [site.theme, name] },
      });
  });
  await runtime.caches.clear('sites');
  // Other servers, when this runs in the CLI or beside them without Redis, at their next poll.
  await bumpCacheEpoch(runtime.data.global);
}
