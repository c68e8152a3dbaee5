import type { PluginMigration } from '@tessera/plugin';

/**
 * Who may read an entry, per entry: a row only for a restricted one (`members`: any active member;
 * `plans`: active members of the plans listed, JSON ids). No row: the entry is public.
 */
export const up: PluginMigration = async (db, engine) => {
  await engine
    .addIdColumn(db.schema.createTable('members_restrictions'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('audience', 'varchar(10)', (c) => c.notNull())
    .addColumn('plan_ids', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('members_restrictions_site_entry')
    .unique()
    .on('members_restrictions')
    .columns(['site_id', 'entry_id'])
    .execute();
};
