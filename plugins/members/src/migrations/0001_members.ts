import type { PluginMigration } from '@tessera/plugin';

/**
 * Plans, memberships on the site's accounts (one per account), each membership's history, and the
 * profile fields administrators define. JSON is text on both engines, read whole. No foreign keys
 * between the plugin's own tables: uninstalling drops them in name order, which PostgreSQL would
 * refuse for a referenced table; the service keeps a plan with members from being deleted.
 */
export const up: PluginMigration = async (db, engine) => {
  await engine
    .addIdColumn(db.schema.createTable('members_plans'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('slug', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)')
    .addColumn('interval', 'varchar(10)')
    .addColumn('trial_days', 'integer', (c) => c.notNull())
    .addColumn('benefits', 'text', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('members_plans_site_slug')
    .unique()
    .on('members_plans')
    .columns(['site_id', 'slug'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('members_members'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('comped', 'integer', (c) => c.notNull())
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One membership per account: the index settles two joins racing.
  await db.schema
    .createIndex('members_members_site_account')
    .unique()
    .on('members_members')
    .columns(['site_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('members_members_site_plan')
    .on('members_members')
    .columns(['site_id', 'plan_id', 'status'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('members_history'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('plan_id', 'integer')
    .addColumn('by_user_id', 'integer')
    .addColumn('by_member', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('members_history_member')
    .on('members_history')
    .columns(['site_id', 'member_id', 'created_at'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('members_profile_fields'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'varchar(60)', (c) => c.notNull())
    // The engine's field definition (label, type, required, its options), as JSON.
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('shown_at', 'varchar(20)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('members_profile_fields_site_key')
    .unique()
    .on('members_profile_fields')
    .columns(['site_id', 'key'])
    .execute();
};
