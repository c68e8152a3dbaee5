import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import { clearCaches } from '../cache/clear-caches.js';
import { appliedNames } from '../db/migrate.js';
import { ValidationFailed } from '../errors.js';
import type { Runtime } from '../runtime.js';
import type { FileStorage } from '../storage/storage.js';
import { ArchiveRefused, packFolder, unpackArchive } from './archive.js';
import { readSnapshot } from './snapshot-source.js';
import { type DumpedTable, dumpedRows, dumpTable, type FileKeys } from './table-dump.js';
import { KEPT_BY_TRIGGERS, quoteName, type Row, type RowReader, tablesOf } from './tables.js';

/** What an archive holds, written as its `manifest.json`. */
export interface BackupManifest {
  format: 'tessera-backup';
  version: 1;
  /** Tessera's version that wrote it. */
  tessera: string;
  engine: 'sqlite' | 'postgres';
  scope: 'installation';
  created_at: string;
  duration_ms: number;
  /** Every migration applied (core, modules, plugins): a restore refuses one it does not know. */
  migrations: string[];
  tables: DumpedTable[];
  files: { key: string; type: string; size: number; sha256: string }[];
  /** Files the rows reference that the store no longer had (deleted while the backup ran). */
  missing_files: string[];
}

const { version: TESSERA_VERSION } = createRequire(import.meta.url)('../../../package.json') as {
  version: string;
};

/**
 * Writes the whole installation (every table, and the media files its rows reference) into one
 * archive at `archive`: the database as of a single point in time however long it takes, files
 * uploaded meanwhile not referenced by it, and the plugins' private files. Staged under DATA_DIR,
 * then packed.
 */
export async function createBackup(runtime: Runtime, archive: string): Promise<BackupManifest> {
  const started = performance.now();
  const createdAt = new Date().toISOString();
  const staging = await mkdtemp(join(runtime.config.dataDir, '.backup-'));
  try {
    await mkdir(join(staging, 'db'));
    const files: FileKeys = new Map();
    const { tables, sites, migrations } = await readSnapshot(runtime.database, async (reader) => {
      const tables: DumpedTable[] = [];
      for (const shape of await tablesOf(reader))
        tables.push(await dumpTable(reader, shape, join(staging, 'db', `${shape.name}.jsonl`), files));
      const sites = (await reader.all('select id from sites')).map((row) => Number(row.id));
      return { tables, sites, migrations: await appliedMigrations(reader) };
    });
    // Plugins' private files (a form's uploads): their rows are the plugins' own, so every file
    // under a site's plugin folder is taken; one written after the snapshot is kept unreferenced.
    for (const site of sites)
      for await (const key of runtime.storage.list(`${site}/plugins`))
        if (!files.has(key)) files.set(key, 'application/octet-stream');
    const { copied, missing } = await copyFiles(runtime.storage, files, join(staging, 'files'));
    const manifest: BackupManifest = {
      format: 'tessera-backup',
      version: 1,
      tessera: TESSERA_VERSION,
      engine: runtime.database.engine.name,
      scope: 'installation',
      created_at: createdAt,
      duration_ms: 0,
      migrations,
      tables,
      files: copied,
      missing_files: missing,
    };
    manifest.duration_ms = Math.round(performance.now() - started);
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 1));
    await mkdir(dirname(archive), { recursive: true });
    await packFolder(staging, archive);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function appliedMigrations(reader: RowReader): Promise<string[]> {
  return (await reader.all('select name from tessera_migrations order by name')).map((row) =>
    String(row.name),
  );
}

/** Copies each referenced file out of the store, hashing it on the way. */
async function copyFiles(storage: FileStorage, files: FileKeys, folder: string) {
  const copied: BackupManifest['files'] = [];
  const missing: string[] = [];
  for (const [key, type] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const stored = await storage.get(key);
    if (!stored) {
      missing.push(key);
      continue;
    }
    const path = join(folder, ...key.split('/'));
    await mkdir(dirname(path), { recursive: true });
    const { sha256, size } = await hashedCopy(stored.body, path);
    copied.push({ key, type, size, sha256 });
  }
  return { copied, missing };
}

async function hashedCopy(source: NodeJS.ReadableStream, path: string) {
  const hash = createHash('sha256');
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, counting, createWriteStream(path));
  return { sha256: hash.digest('hex'), size };
}

async function hashOf(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), size: (await stat(path)).size };
}

/**
 * Puts the installation back as the archive holds it, whatever the engine either side (a SQLite
 * backup restores into PostgreSQL and the reverse). The archive is checked first (its manifest,
 * every file's size and SHA-256, and that this version knows each of its migrations: a newer
 * Tessera's backup is refused; an older one's rows fill today's tables, new columns taking their
 * defaults). The files go to the store, then every table is emptied and filled in one transaction,
 * so a restore that fails leaves the database as it was. Caches are cleared on every instance and
 * the search index rebuilt by the job queue.
 */
export async function restoreBackup(runtime: Runtime, archive: string): Promise<BackupManifest> {
  const staging = await mkdtemp(join(runtime.config.dataDir, '.restore-'));
  try {
    await unpackArchive(archive, staging).catch((error: unknown) => {
      if (error instanceof ArchiveRefused) throw ValidationFailed.field('archive', error.message);
      throw error;
    });
    const manifest = await checkedManifest(runtime, staging);
    for (const file of manifest.files)
      await runtime.storage.put(
        file.key,
        { path: join(staging, 'files', ...file.key.split('/')) },
        file.type,
      );
    const db = runtime.database.kysely as unknown as Kysely<Record<string, Row>>;
    const filled = db.transaction().execute(async (trx) => {
      const present = await tablesOf(directReader(trx, runtime.database.engine.name));
      for (const shape of [...present].reverse())
        await sql.raw(`delete from ${quoteName(shape.name)}`).execute(trx);
      if (runtime.database.engine.name === 'sqlite') await sql.raw('delete from search_index').execute(trx);
      const dumped = new Map(manifest.tables.map((table) => [table.name, table]));
      const lastly = present.filter((shape) => KEPT_BY_TRIGGERS.has(shape.name));
      for (const shape of [...present.filter((shape) => !KEPT_BY_TRIGGERS.has(shape.name)), ...lastly]) {
        if (!dumped.has(shape.name)) continue;
        if (KEPT_BY_TRIGGERS.has(shape.name))
          await sql.raw(`delete from ${quoteName(shape.name)}`).execute(trx);
        const batch = Math.max(1, Math.min(500, Math.floor(30_000 / shape.columns.length)));
        for await (const rows of dumpedRows(join(staging, 'db', `${shape.name}.jsonl`), batch)) {
          const known = rows.map((row) => pick(row, shape.columns));
          await trx.insertInto(shape.name).values(known).execute();
        }
        if (runtime.database.engine.name === 'postgres' && shape.columns.includes('id'))
          await moveSequence(trx, shape.name);
      }
    });
    // Rows the tables refuse (a backup edited with its checksums redone, or data the current schema
    // no longer accepts): the transaction rolled back, the installation is as it was.
    await filled.catch((error: unknown) => {
      runtime.log.error({ err: error }, 'restore refused by the database: nothing changed');
      throw ValidationFailed.field(
        'archive',
        'The database refused the backup’s rows; nothing was changed. The server log says which.',
      );
    });
    // Every instance's caches and the page cache on disk (this machine's; others' follow the epoch).
    await clearCaches(runtime);
    for (const site of await runtime.siteStore.list())
      await runtime.jobs.queue.enqueue(
        'search.reindex',
        {},
        { siteId: site.id, dedupeKey: `search.reindex:${site.id}` },
      );
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A serial id's sequence past the restored rows, so the next row gets a new id (text ids have none). */
async function moveSequence(trx: Kysely<Record<string, Row>>, name: string): Promise<void> {
  const table = quoteName(name);
  const literal = `'${table.replaceAll("'", "''")}'`;
  const { rows } = await sql
    .raw<{ seq: string | null }>(`select pg_get_serial_sequence(${literal}, 'id') as seq`)
    .execute(trx);
  if (!rows[0]?.seq) return;
  // Only ever forward: a sequence is not rolled back with a failed restore's transaction, and one
  // left behind the rows that stay would hand out their ids again.
  const sequence = `pg_get_serial_sequence(${literal}, 'id')`;
  await sql
    .raw(
      `select setval(${sequence}, greatest(coalesce((select max("id") from ${table}), 0), coalesce(pg_sequence_last_value(${sequence}::regclass), 0), 1))`,
    )
    .execute(trx);
}

function pick(row: Row, columns: readonly string[]): Row {
  const kept: Row = {};
  for (const column of columns) if (column in row) kept[column] = row[column];
  return kept;
}

/** The restore's own transaction, read through the same interface as a backup's snapshot. */
function directReader(trx: Kysely<Record<string, Row>>, engine: 'sqlite' | 'postgres'): RowReader {
  const all = async (text: string) => (await sql.raw<Row>(text).execute(trx)).rows;
  return {
    engine,
    all,
    async *batches(text) {
      yield await all(text);
    },
  };
}

async function checkedManifest(runtime: Runtime, staging: string): Promise<BackupManifest> {
  const refuse = (message: string): never => {
    throw ValidationFailed.field('archive', message);
  };
  const text = await readFile(join(staging, 'manifest.json'), 'utf8').catch(() =>
    refuse('The archive has no manifest: it is not a Tessera backup.'),
  );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    return refuse('The archive has no manifest: it is not a Tessera backup.');
  }
  if (manifest.format !== 'tessera-backup' || manifest.version !== 1 || !Array.isArray(manifest.tables))
    refuse('The archive has no manifest: it is not a Tessera backup.');
  for (const table of manifest.tables) {
    const found = await hashOf(join(staging, 'db', `${table.name}.jsonl`)).catch(() => null);
    if (!found || found.sha256 !== table.sha256 || found.size !== table.size)
      refuse(`The archive was altered or damaged: ${table.name} does not match its manifest.`);
  }
  for (const file of manifest.files) {
    const found = await hashOf(join(staging, 'files', ...file.key.split('/'))).catch(() => null);
    if (!found || found.sha256 !== file.sha256 || found.size !== file.size)
      refuse(`The archive was altered or damaged: ${file.key} does not match its manifest.`);
  }
  const known = new Set(await appliedNames(runtime.database));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  // A plugin's migrations are named `plugin.<name>.NNNN_...`.
  const plugins = [...new Set(unknown.flatMap((name) => /^plugin\.([^.]+)\./.exec(name)?.[1] ?? []))];
  if (plugins.length > 0)
    refuse(
      `The backup holds the data of plugins this installation does not have: ${plugins.join(', ')}. Install them first.`,
    );
  if (unknown.length > 0)
    refuse(
      `The backup comes from a newer Tessera (migrations this version does not know: ${unknown.slice(0, 3).join(', ')}): upgrade first.`,
    );
  return manifest;
}
