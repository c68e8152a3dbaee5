import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * Visitors' sessions of the public site (core/visitors), apart from the admin's `sessions`: a row
 * only for a visitor who did something that needs one (a cart, signing in to a site account). The
 * id is the SHA-256 of the cookie's secret. `account_id` names a site account without a foreign
 * key: the accounts module ends an account's sessions itself, as it must when they live in Redis.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  await db.schema
    .createTable('visitor_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('account_id', 'integer')
    .addColumn('data', engine.jsonType, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visitor_sessions_account_idx')
    .on('visitor_sessions')
    .columns(['site_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('visitor_sessions_expiry_idx')
    .on('visitor_sessions')
    .column('expires_at')
    .execute();
}
