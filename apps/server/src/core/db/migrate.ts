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

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsDir))
      .filter((name) => /^\d{4}_[a-z0-9_]+\.(ts|js)$/.test(name))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(join(migrationsDir, file)).href)) as TesseraMigration;
      const { engine } = this;
      migrations[file.replace(/\.(ts|js)$/, '')] = {
        up: (db) => module.up(db, engine),
        down: module.down ? (db) => module.down?.(db, engine) ?? Promise.resolve() : undefined,
      };
    }
    return migrations;
  }
}

function migratorFor(database: DatabaseHandle): Migrator {
  return new Migrator({
    db: database.kysely,
    provider: new FolderMigrationProvider(database.engine),
    migrationTableName: 'tessera_migrations',
    migrationLockTableName: 'tessera_migrations_lock',
  });
}

export interface MigrationStatus {
  name: string;
  appliedAt: string | null;
}

export async function migrationStatus(database: DatabaseHandle): Promise<MigrationStatus[]> {
  const migrations = await migratorFor(database).getMigrations();
  return migrations.map((m) => ({
    name: m.name,
    appliedAt: m.executedAt ? m.executedAt.toISOString() : null,
  }));
}

/** Applies every pending migration in one run; returns the names applied. */
export async function migrateToLatest(database: DatabaseHandle): Promise<string[]> {
  const { error, results } = await migratorFor(database).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
