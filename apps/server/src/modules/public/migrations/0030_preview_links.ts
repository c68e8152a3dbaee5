import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * Preview links as rows, so they can be listed per entry and revoked, and die with their creator's
 * access. Links made before this carried no row and stop opening.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('preview_links') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('preview_links_site_id_unique', ['site_id', 'id'])
    .addForeignKeyConstraint(
      'preview_links_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('preview_links_entry_idx')
    .on('preview_links')
    .columns(['site_id', 'entry_id'])
    .execute();
}
