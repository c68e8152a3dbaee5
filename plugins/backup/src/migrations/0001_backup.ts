import type { PluginMigration } from '@tessera/plugin';

/**
 * The history of backups (`backup_runs`), per site: the site whose route or schedule started each
 * one, though every backup covers the whole installation. Ids are numbered per site by the plugin
 * rather than by a sequence, so the rows a restore would roll back can be written again with their
 * own ids on both engines (a PostgreSQL sequence, moved by the restore, would not know of them).
 */
export const up: PluginMigration = async (db) => {
  await db.schema
    .createTable('backup_runs')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // running, done, failed (with `reason`).
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'text')
    // manual (by `user_id`), scheduled, safety (before a restore, by `user_id`).
    .addColumn('trigger', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    // 1 while running, null after: the unique index below lets one run at a time per site.
    .addColumn('running', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('size', 'bigint')
    .addColumn('tables', 'integer')
    .addColumn('files', 'integer')
    // The last restore of this backup: when, by whom, done or failed (with why).
    .addColumn('restored_at', 'text')
    .addColumn('restored_by', 'integer')
    .addColumn('restore_status', 'varchar(20)')
    .addColumn('restore_reason', 'text')
    .addPrimaryKeyConstraint('backup_runs_pk', ['site_id', 'id'])
    .execute();
  await db.schema.createIndex('backup_runs_name').unique().on('backup_runs').columns(['name']).execute();
  await db.schema
    .createIndex('backup_runs_running')
    .unique()
    .on('backup_runs')
    .columns(['site_id', 'running'])
    .execute();
};
