import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/** Navigation menus (spec 1) and their items, nested by parent. */
export async function up(db: Db, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('menus') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('location', 'varchar(40)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('menus_site_id_unique', ['site_id', 'id'])
    .addUniqueConstraint('menus_location_unique', ['site_id', 'location'])
    .execute();
  await engine
    .addIdColumn(db.schema.createTable('menu_items') as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('term_id', 'integer')
    .addColumn('url', 'varchar(2000)')
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('target', 'varchar(10)', (c) => c.notNull())
    .addColumn('rel', 'varchar(100)', (c) => c.notNull())
    .addColumn('css_class', 'varchar(100)', (c) => c.notNull())
    .addUniqueConstraint('menu_items_site_id_unique', ['site_id', 'id'])
    .addForeignKeyConstraint('menu_items_menu_fk', ['site_id', 'menu_id'], 'menus', ['site_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'menu_items_parent_fk',
      ['site_id', 'parent_id'],
      'menu_items',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    // An entry or a term deleted for good takes its links with it, as in WordPress.
    .addForeignKeyConstraint(
      'menu_items_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint('menu_items_term_fk', ['site_id', 'term_id'], 'terms', ['site_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('menu_items_menu_idx')
    .on('menu_items')
    .columns(['site_id', 'menu_id'])
    .execute();
}
