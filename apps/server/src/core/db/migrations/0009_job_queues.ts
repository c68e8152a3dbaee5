import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Named queues, dedupe keys and per-site schedules for the job queue (core/jobs).
 * - jobs.queue: the queue a job kind runs in, each with its own worker concurrency.
 * - jobs.dedupe_key: while a job with the same kind, site and key waits for its first run, enqueueing
 *   again returns it. A partial unique index enforces this on both engines, so two enqueues racing in
 *   separate transactions still leave one job. NULL site ids are folded to 0 (no site has id 0),
 *   because a unique index treats NULLs as distinct.
 * - job_schedules: keyed by (name, site) instead of name, so a plugin active on one site schedules its
 *   job for that site only. The primary key changes, which SQLite cannot alter: the table is rebuilt.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('queue', 'varchar(100)', (c) => c.notNull().defaultTo('default'))
    .execute();
  await db.schema.alterTable('jobs').addColumn('dedupe_key', 'varchar(200)').execute();
  // Each worker claims per queue: pending jobs of one queue by due time.
  await db.schema
    .createIndex('jobs_queue_due_idx')
    .on('jobs')
    .columns(['queue', 'run_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await sql`create unique index jobs_dedupe_idx on jobs (name, coalesce(site_id, 0), dedupe_key)
    where status = 'pending' and attempts = 0 and dedupe_key is not null`.execute(db);

  await engine
    .addIdColumn(db.schema.createTable('job_schedules_next'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // A site's schedules go with the site.
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('cron', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload', engine.jsonType, (c) => c.notNull())
    .addColumn('next_run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_run_at', 'varchar(30)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  const columns = [
    'name',
    'cron',
    'payload',
    'next_run_at',
    'last_run_at',
    'enabled',
    'created_at',
    'updated_at',
  ];
  await db
    .insertInto('job_schedules_next')
    .columns(columns)
    .expression(db.selectFrom('job_schedules').select(columns))
    .execute();
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.alterTable('job_schedules_next').renameTo('job_schedules').execute();
  await sql`create unique index job_schedules_name_site_idx on job_schedules (name, coalesce(site_id, 0))`.execute(
    db,
  );
}
