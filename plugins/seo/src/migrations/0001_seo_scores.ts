import type { PluginMigration } from '@tessera/plugin';

/**
 * Each entry's SEO score as of its last save, with the title and description it was scored on:
 * what lists and the bulk editor show, and what the duplicate checks compare an entry against.
 */
export const up: PluginMigration = async (db) => {
  await db.schema
    .createTable('seo_scores')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('rating', 'varchar(10)', (c) => c.notNull())
    // The checks as JSON text on both engines: read whole, never queried into.
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seo_scores_pk', ['site_id', 'entry_id'])
    .execute();
  await db.schema
    .createIndex('seo_scores_site_rating')
    .on('seo_scores')
    .columns(['site_id', 'rating'])
    .execute();
};
