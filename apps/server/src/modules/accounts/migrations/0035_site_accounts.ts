import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * Site accounts: a site's visitors who registered (customers, members), one realm per site, apart
 * from the admin's users. An email has at most one account per site; (site_id, id) is unique so
 * plugins' rows can reference an account with a composite key.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('site_accounts') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('email_verified_at', ts)
    .addColumn('last_sign_in_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('site_accounts_site_id_unique', ['site_id', 'id'])
    .addUniqueConstraint('site_accounts_email_unique', ['site_id', 'email_normalized'])
    .execute();
  await db.schema
    .createIndex('site_accounts_created_idx')
    .on('site_accounts')
    .columns(['site_id', 'created_at'])
    .execute();
}
