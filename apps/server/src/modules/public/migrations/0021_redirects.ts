import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/** Redirects set by hand (/api/redirects): one per old path and site. */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('redirects') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('from_path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('to_url', 'varchar(2000)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('redirects_site_id_unique', ['site_id', 'id'])
    .addUniqueConstraint('redirects_from_unique', ['site_id', 'from_path'])
    .execute();
}
