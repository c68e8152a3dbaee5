import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import type { Engine } from './engine.js';

/**
 * A migration receives the engine so it can use the one or two column types that differ.
 * Migrations use Kysely<any> on purpose: they describe the schema as it was at their time,
 * not as the current types say.
 */
export interface TesseraMigration {
  // biome-ignore lint/suspicious/noExplicitAny: see above
  up(db: Kysely<any>, engine: Engine): Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  down?(db: Kysely<any>, engine: Engine): Promise<void>;
}

/** The core's own tables (sites, jobs, system state); each module and plugin has its own folder. */
export const coreMigrations: MigrationSource = {
  folder: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
};

/**
 * A folder of migrations, `NNNN_name.ts` (or `.js`). Core modules share one numbering; a plugin's
 * names get the prefix `plugin.<name>.`, so they can never collide with the core's.
 */
export interface MigrationSource {
  readonly folder: string;
  readonly prefix?: string;
}

class FolderMigrationProvider implements MigrationProvider {
  constructor(
    private readonly engine: Engine,
    private readonly sources: readonly MigrationSource[],
    private readonly applied: readonly string[],
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const source of this.sources) {
      const files = (await readdir(source.folder))
        .filter((name) => /^\d{4}_[a-z0-9_]+\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts'))
        .sort();
      for (const file of files) {
        const name = `${source.prefix ?? ''}${file.replace(/\.(ts|js|mjs)$/, '')}`;
        if (migrations[name]) throw new Error(`Two migrations are named ${name}.`);
        migrations[name] = await this.load(join(source.folder, file));
      }
    }
    // Applied by a newer version during a rolling upgrade (or by a plugin version newer than this
    // folder's): the migrator would call the database corrupted and this instance would not start
    // beside the new ones. Listed as done, never run.
    for (const name of this.applied) migrations[name] ??= { up: async () => {} };
    return migrations;
  }

  private async load(path: string): Promise<Migration> {
    const module = (await import(pathToFileURL(path).href)) as TesseraMigration;
    const { engine } = this;
    return {
      up: (db) => module.up(db, engine),
      down: module.down ? (db) => module.down?.(db, engine) ?? Promise.resolve() : undefined,
    };
  }
}

/** The names of every migration the database has applied; none before the first. */
export async function appliedNames(database: DatabaseHandle): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from tessera_migrations`.execute(
      database.kysely,
    );
    return rows.map((row) => row.name);
  } catch {
    return [];
  }
}

/**
 * Migrations the database has applied that none of these folders holds: a newer Tessera (or a
 * newer version of a plugin) is being rolled out beside this instance. It serves on, as the
 * operator's guide says, and says so at start.
 */
export async function migrationsFromNewerVersion(
  database: DatabaseHandle,
  sources: readonly MigrationSource[],
): Promise<string[]> {
  const own = await new FolderMigrationProvider(database.engine, sources, []).getMigrations();
  return (await appliedNames(database)).filter((name) => !(name in own)).sort();
}

async function migratorFor(database: DatabaseHandle, sources: readonly MigrationSource[]): Promise<Migrator> {
  return new Migrator({
    db: database.kysely,
    provider: new FolderMigrationProvider(database.engine, sources, await appliedNames(database)),
    migrationTableName: 'tessera_migrations',
    migrationLockTableName: 'tessera_migrations_lock',
    // A plugin installed today brings migrations whose names sort after core ones applied later.
    allowUnorderedMigrations: true,
  });
}

export interface MigrationStatus {
  name: string;
  appliedAt: string | null;
}

export async function migrationStatus(
  database: DatabaseHandle,
  sources: readonly MigrationSource[],
): Promise<MigrationStatus[]> {
  const migrations = await (await migratorFor(database, sources)).getMigrations();
  return migrations.map((m) => ({
    name: m.name,
    appliedAt: m.executedAt ? m.executedAt.toISOString() : null,
  }));
}

/** Applies every pending migration in one run; returns the names applied. */
export async function migrateToLatest(
  database: DatabaseHandle,
  sources: readonly MigrationSource[],
): Promise<string[]> {
  const { error, results } = await (await migratorFor(database, sources)).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies the migrations up to and including `name`, for tests of a later migration on old data. */
export async function migrateUpTo(
  database: DatabaseHandle,
  sources: readonly MigrationSource[],
  name: string,
): Promise<void> {
  const { error } = await (await migratorFor(database, sources)).migrateTo(name);
  if (error) throw error;
}
