import { coreMigrations, type MigrationSource, migrateToLatest } from './core/db/migrate.js';
import { setupModules } from './core/modules/module.js';
import type { Runtime } from './core/runtime.js';
import { modules } from './modules/index.js';

/** Every migration folder: the core's, then each module's. */
export const migrationSources: readonly MigrationSource[] = [
  coreMigrations,
  ...modules.flatMap((module) => (module.migrations ? [{ folder: module.migrations }] : [])),
];

/** Applies every pending migration of the core and its modules; returns the names applied. */
export function migrate(runtime: Runtime): Promise<string[]> {
  return migrateToLatest(runtime.database, migrationSources);
}

/**
 * What every process does before its work, whatever the entry point (server, worker, any CLI
 * command): the schema up to date, then each module's setup (permissions, hooks, job handlers,
 * schedules, settings groups).
 */
export async function prepareRuntime(runtime: Runtime): Promise<string[]> {
  const applied = await migrate(runtime);
  await setupModules(runtime, modules);
  return applied;
}
