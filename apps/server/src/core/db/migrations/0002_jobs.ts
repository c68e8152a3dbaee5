import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('jobs'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload', engine.jsonType, (c) => c.notNull())
    // No foreign key: the site is context for the handler, and deleting a site must not wait on its jobs.
    .addColumn('site_id', 'integer')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(200)')
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(30)')
    .execute();
  // The claim reads pending jobs by due time; lease recovery filters on status alone.
  await db.schema.createIndex('jobs_status_run_at_idx').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('cron', 'varchar(200)', (c) => c.notNull())
    .addColumn('payload', engine.jsonType, (c) => c.notNull())
    .addColumn('next_run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_run_at', 'varchar(30)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}
