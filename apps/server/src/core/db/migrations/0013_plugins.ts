import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  // Installed plugins: one row each, the code kept under DATA_DIR/plugins/<name>.
  await db.schema
    .createTable('plugins')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('installed_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Where each plugin is active: its routes answer and its hooks run on these sites only.
  await db.schema
    .createTable('plugin_sites')
    .addColumn('plugin', 'varchar(40)', (c) => c.notNull().references('plugins.name').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('activated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_sites_pk', ['plugin', 'site_id'])
    .execute();
}
