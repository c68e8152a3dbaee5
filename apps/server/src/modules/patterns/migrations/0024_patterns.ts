import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/** Reusable block patterns (spec 1): plain ones are copied where inserted, synced ones referenced. */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('patterns') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('synced', 'integer', (c) => c.notNull())
    .addColumn('blocks', engine.jsonType, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('patterns_site_id_unique', ['site_id', 'id'])
    .execute();
}
