import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * Comments on entries, threaded by parent, and the per-entry switch that closes an entry's
 * comments. Composite keys on (site_id, ...) keep a comment, its entry and its parent on one site.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  const comments = engine.addIdColumn(
    db.schema.createTable('comments') as CreateTableBuilder<string, never>,
    // biome-ignore lint/suspicious/noExplicitAny: the builder's column set is not known statically
  ) as CreateTableBuilder<string, any>;
  await comments
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('author_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('author_url', 'varchar(500)')
    .addColumn('user_id', 'integer')
    .addColumn('ip', 'varchar(45)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('comments_site_id_unique', ['site_id', 'id'])
    .addForeignKeyConstraint(
      'comments_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'comments_parent_fk',
      ['site_id', 'parent_id'],
      'comments',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('comments_entry_idx')
    .on('comments')
    .columns(['site_id', 'entry_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_status_idx')
    .on('comments')
    .columns(['site_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_email_idx')
    .on('comments')
    .columns(['site_id', 'author_email', 'status'])
    .execute();

  await db.schema
    .createTable('entry_discussions')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_discussions_pk', ['site_id', 'entry_id'])
    .addForeignKeyConstraint(
      'entry_discussions_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
}
