import {
  coreMigrations,
  type MigrationSource,
  migrateToLatest,
  migrationsFromNewerVersion,
} from './core/db/migrate.js';
import { setupModules } from './core/modules/module.js';
import { recordBundledPlugins } from './core/plugins/bundled.js';
import { pluginsOf } from './core/plugins/plugin-host.js';
import type { Runtime } from './core/runtime.js';
import { modules } from './modules/index.js';

/** Every migration folder: the core's, then each module's. */
export const migrationSources: readonly MigrationSource[] = [
  coreMigrations,
  ...modules.flatMap((module) => (module.migrations ? [{ folder: module.migrations }] : [])),
];

/**
 * What every process does before its work, whatever the entry point (server, worker, any CLI
 * command): the schema up to date, then each module's setup (permissions, hooks, job handlers,
 * schedules, settings groups).
 */
export async function prepareRuntime(
  runtime: Runtime,
  options: { migrate?: boolean } = {},
): Promise<string[]> {
  // The workers of a clustered server leave migrations to the primary, which ran them before forking.
  const applied = options.migrate === false ? [] : await migrate(runtime);
  await setupModules(runtime, modules);
  return applied;
}

/**
 * Brings the schema of the core, its modules and every installed plugin up to date, in one run
 * (the migrator wants every migration it ever applied in the set). Returns the names applied.
 */
export async function migrate(runtime: Runtime): Promise<string[]> {
  // The plugins shipped with Tessera are installed with it (inactive): their tables come with the core's.
  let sources = await allMigrationSources(runtime);
  const applied = await migrateToLatest(runtime.database, sources);
  if ((await recordBundledPlugins(runtime)).length > 0) {
    sources = await allMigrationSources(runtime);
    applied.push(...(await migrateToLatest(runtime.database, sources)));
  }
  const newer = await migrationsFromNewerVersion(runtime.database, sources);
  if (newer.length > 0) {
    runtime.log.warn(
      { migrations: newer },
      'the database has migrations a newer version applied: this instance serves beside it until it is upgraded',
    );
  }
  return applied;
}

/** Every migration folder, installed plugins' included; before the first migration there are none. */
export async function allMigrationSources(runtime: Runtime): Promise<MigrationSource[]> {
  const plugins = await pluginsOf(runtime)
    .migrationSources()
    .catch(() => []);
  return [...migrationSources, ...plugins];
}
