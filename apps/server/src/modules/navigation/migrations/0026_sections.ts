import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * The global header and footer sections (spec 1): one block tree of each per site, a draft and
 * the published version, with their revisions.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('site_sections') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('area', 'varchar(20)', (c) => c.notNull())
    .addColumn('draft', engine.jsonType, (c) => c.notNull())
    .addColumn('published', engine.jsonType)
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('saved_at', ts, (c) => c.notNull())
    .addColumn('published_at', ts)
    .addUniqueConstraint('site_sections_site_id_unique', ['site_id', 'id'])
    .addUniqueConstraint('site_sections_area_unique', ['site_id', 'area'])
    .execute();
  await engine
    .addIdColumn(db.schema.createTable('site_section_revisions') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('area', 'varchar(20)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('blocks', engine.jsonType, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('site_section_revisions_site_id_unique', ['site_id', 'id'])
    .execute();
  await db.schema
    .createIndex('site_section_revisions_area')
    .on('site_section_revisions')
    .columns(['site_id', 'area', 'id'])
    .execute();
}
