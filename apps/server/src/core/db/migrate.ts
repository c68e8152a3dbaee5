import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
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

function migratorFor(database: DatabaseHandle, sources: readonly MigrationSource[]): Migrator {
  return new Migrator({
    db: database.kysely,
    provider: new FolderMigrationProvider(database.engine, sources),
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
  const migrations = await migratorFor(database, sources).getMigrations();
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
  const { error, results } = await migratorFor(database, sources).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
