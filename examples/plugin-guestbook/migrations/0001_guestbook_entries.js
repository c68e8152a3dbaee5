// A plugin's migration gets the same arguments as the core's: a schema handle and the engine,
// whose addIdColumn and jsonType hide the one or two differences between SQLite and PostgreSQL.
/** @type {import('@tessera/plugin').PluginMigration} */
export async function up(db, engine) {
  await engine
    .addIdColumn(db.schema.createTable('guestbook_entries'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_reason', 'varchar(40)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guestbook_entries_site_created')
    .on('guestbook_entries')
    .columns(['site_id', 'created_at'])
    .execute();
}
