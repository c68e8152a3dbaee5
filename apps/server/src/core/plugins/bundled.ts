import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../runtime.js';
import { readManifest } from './manifest.js';
import { PluginRepo } from './plugin-repo.js';

/** The official plugins, shipped in the repository beside Tessera (`plugins/<name>`). */
export const BUNDLED_PLUGINS = fileURLToPath(new URL('../../../../../plugins', import.meta.url));

/**
 * Records the plugins shipped with Tessera as installed, where they are (they are upgraded with
 * Tessera, never copied), so every site can switch them on: inactive until a site activates one.
 * A plugin installed by hand of the same name stays as it is; a folder whose manifest does not
 * read is skipped (its own test fails first). Runs before migrations, which then bring their
 * tables up to date with the core's.
 */
export async function recordBundledPlugins(runtime: Runtime, folder = BUNDLED_PLUGINS): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const repo = new PluginRepo(runtime.data.global);
  const recorded: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (!statSync(path).isDirectory() || !existsSync(join(path, 'package.json'))) continue;
    let manifest: ReturnType<typeof readManifest>;
    try {
      manifest = readManifest(path);
    } catch (error) {
      runtime.log.error({ err: error, folder: path }, `bundled plugin in ${path} has no valid manifest`);
      continue;
    }
    const installed = await repo.find(manifest.name);
    if (installed && (installed.folder !== path || installed.version === manifest.version)) continue;
    await repo.save({
      name: manifest.name,
      version: manifest.version,
      folder: path,
      at: new Date().toISOString(),
    });
    recorded.push(manifest.name);
  }
  return recorded;
}
