import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readlink, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Runtime } from '../runtime.js';

/** Where installed plugins are kept: copies, so the source folder or archive can go away. */
export function pluginsDir(runtime: Runtime): string {
  return join(runtime.config.dataDir, 'plugins');
}

/** The package plugins import (`import { definePlugin } from '@tessera/plugin'`): this Tessera's own. */
const PACKAGE = '@tessera/plugin';

/**
 * Installed plugins live in DATA_DIR/plugins/<name>, outside any node_modules, and import
 * `@tessera/plugin`; Node finds it through DATA_DIR/plugins/node_modules, a link to the copy this
 * Tessera runs with, so a plugin always gets the version of its host and never bundles its own.
 * Made again at every load: an upgraded Tessera moves the link to its new copy.
 */
export async function linkPluginPackage(pluginsDir: string): Promise<void> {
  const target = hostPackageFolder();
  const link = join(pluginsDir, 'node_modules', ...PACKAGE.split('/'));
  const current = await readlink(link).catch(() => null);
  if (current === target) return;
  await mkdir(dirname(link), { recursive: true });
  await rm(link, { recursive: true, force: true });
  await symlink(target, link, 'dir');
}

function hostPackageFolder(): string {
  let folder = dirname(createRequire(import.meta.url).resolve(PACKAGE));
  while (dirname(folder) !== folder) {
    const manifest = join(folder, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE
    )
      return folder;
    folder = dirname(folder);
  }
  throw new Error(`${PACKAGE} has no package.json above its entry`);
}
