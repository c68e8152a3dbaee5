import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/** Widgets (spec 1): blocks in the theme's widget zones, in order, with visibility rules. */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('widgets') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('zone', 'varchar(40)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('block', engine.jsonType, (c) => c.notNull())
    .addColumn('visibility', engine.jsonType, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('widgets_site_id_unique', ['site_id', 'id'])
    .execute();
}
