import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('sites'))
    .addColumn('handle', 'varchar(63)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('default_locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('locales', engine.jsonType, (c) => c.notNull())
    .addColumn('theme', 'varchar(100)', (c) => c.notNull())
    .addColumn('settings', engine.jsonType, (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_domains')
    .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('site_domains_site_idx').on('site_domains').column('site_id').execute();
}
