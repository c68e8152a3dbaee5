import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPlugin } from '../src/core/plugins/plugin-admin.js';
import type { Runtime } from '../src/core/runtime.js';
import { allMigrationSources } from '../src/lifecycle.js';

/**
 * Plugin folders written for a test, as a third party would ship them: package.json with the
 * `tessera` manifest, and its entry module's source. `remove()` deletes them all.
 */
export function pluginFixtures(prefix = 'tessera-plugin-fixtures-') {
  const root = mkdtempSync(join(tmpdir(), prefix));
  return {
    write(name: string, entry: string, manifest: Record<string, unknown> = {}): string {
      const folder = join(root, name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, 'package.json'),
        JSON.stringify({
          name: `fixture-${name}`,
          version: '0.1.0',
          type: 'module',
          tessera: { plugin: name, entry: 'index.js' },
          ...manifest,
        }),
      );
      writeFileSync(join(folder, 'index.js'), entry);
      return folder;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Installs plugin folders into a migrated runtime (createTestApp's `beforeSetup`). */
export async function installPlugins(runtime: Runtime, folders: readonly string[]): Promise<void> {
  for (const folder of folders) await installPlugin(runtime, folder, await allMigrationSources(runtime));
}
