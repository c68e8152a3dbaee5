import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  // Global switches every process reads, one row each; the cache epoch is the first.
  await db.schema
    .createTable('system_state')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('system_state').values({ key: 'cache_epoch', value: '0' }).execute();
}
