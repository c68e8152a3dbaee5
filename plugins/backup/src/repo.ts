import type { PluginDb } from '@tessera/plugin';
import type { BackupRun, RunStatus, RunTrigger } from './model.js';

/**
 * The history's queries, through the site-scoped handle `plugin.db(ctx)`: a run of another site
 * is not found. Ids are the site's own count (see the migration).
 */

export interface RunRow extends BackupRun {
  site_id: number;
  running: number | null;
}

export interface BackupTables {
  backup_runs: RunRow;
}

export type BackupDb = PluginDb<BackupTables>;

const COLUMNS = [
  'id',
  'name',
  'status',
  'reason',
  'trigger',
  'user_id',
  'started_at',
  'finished_at',
  'duration_ms',
  'size',
  'tables',
  'files',
  'restored_at',
  'restored_by',
  'restore_status',
  'restore_reason',
] as const;

/** A row as the API answers it (PostgreSQL's bigint arrives as text). */
export function runOf(row: Pick<RunRow, (typeof COLUMNS)[number]>): BackupRun {
  const count = (value: number | null) => (value === null ? null : Number(value));
  return {
    ...row,
    id: Number(row.id),
    user_id: count(row.user_id),
    duration_ms: count(row.duration_ms),
    size: count(row.size),
    tables: count(row.tables),
    files: count(row.files),
    restored_by: count(row.restored_by),
  };
}

export async function listRuns(db: BackupDb): Promise<BackupRun[]> {
  const rows = await db
    .selectFrom('backup_runs')
    .select(COLUMNS)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(runOf);
}

export async function findRun(db: BackupDb, id: number): Promise<BackupRun | null> {
  const row = await db.selectFrom('backup_runs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? runOf(row) : null;
}

export async function runningRun(db: BackupDb): Promise<BackupRun | null> {
  const row = await db
    .selectFrom('backup_runs')
    .select(COLUMNS)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row ? runOf(row) : null;
}

/** The start of the newest scheduled backup, done or not: what the schedule counts from. */
export async function lastScheduledStart(db: BackupDb): Promise<string | null> {
  const row = await db
    .selectFrom('backup_runs')
    .select('started_at')
    .where('trigger', '=', 'scheduled')
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return row?.started_at ?? null;
}

export async function insertRun(
  db: BackupDb,
  input: { id: number; name: string; trigger: RunTrigger; userId: number | null; at: string },
): Promise<void> {
  await db
    .insertInto('backup_runs', {
      id: input.id,
      name: input.name,
      status: 'running',
      reason: null,
      trigger: input.trigger,
      user_id: input.userId,
      running: 1,
      started_at: input.at,
      finished_at: null,
      duration_ms: null,
      size: null,
      tables: null,
      files: null,
      restored_at: null,
      restored_by: null,
      restore_status: null,
      restore_reason: null,
    })
    .execute();
}

export async function nextRunId(db: BackupDb): Promise<number> {
  const row = await db
    .selectFrom('backup_runs')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Ends a running run: done with its archive's numbers, or failed with why. */
export async function finishRun(
  db: BackupDb,
  id: number,
  outcome:
    | { status: Extract<RunStatus, 'done'>; size: number; tables: number; files: number }
    | { status: Extract<RunStatus, 'failed'>; reason: string },
  startedAt: string,
): Promise<void> {
  const finished = new Date();
  await db
    .updateTable('backup_runs')
    .set({
      status: outcome.status,
      running: null,
      finished_at: finished.toISOString(),
      duration_ms: Math.max(0, finished.getTime() - Date.parse(startedAt)),
      ...(outcome.status === 'done'
        ? { size: outcome.size, tables: outcome.tables, files: outcome.files, reason: null }
        : { reason: outcome.reason.slice(0, 2000) }),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function recordRestore(
  db: BackupDb,
  id: number,
  outcome: { userId: number | null; status: 'done' | 'failed'; reason: string | null },
): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set({
      restored_at: new Date().toISOString(),
      restored_by: outcome.userId,
      restore_status: outcome.status,
      restore_reason: outcome.reason?.slice(0, 2000) ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteRun(db: BackupDb, id: number): Promise<void> {
  await db.deleteFrom('backup_runs').where('id', '=', id).execute();
}

/** The site's whole history, as a restore would roll it back. */
export async function allRows(db: BackupDb): Promise<Omit<RunRow, 'site_id'>[]> {
  return db
    .selectFrom('backup_runs')
    .select([...COLUMNS, 'running'])
    .execute();
}

/** Puts the site's history back as it was held in memory, over what a restore brought. */
export async function replaceRows(db: BackupDb, rows: readonly Omit<RunRow, 'site_id'>[]): Promise<void> {
  await db.deleteFrom('backup_runs').execute();
  if (rows.length > 0) await db.insertInto('backup_runs', rows).execute();
}
