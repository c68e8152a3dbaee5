import type { PluginMigration } from '@tessera/plugin';

/**
 * The SKUs products hold (who sells which SKU, for the one-product-per-SKU rule and to name a
 * SKU's product), and the stock of each SKU. Stock is keyed by SKU, not by product: it is the
 * goods on the shelf, which a product's translations all sell, and which outlive a product
 * deleted and made again. No foreign keys between the two: uninstalling drops the plugin's tables
 * in name order, which PostgreSQL would refuse for a referenced table.
 */
export const up: PluginMigration = async (db) => {
  await db.schema
    .createTable('ecommerce_skus')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('sku', 'varchar(64)', (c) => c.notNull())
    // Null between a new product's save and the hook after its commit, which learns its id; the
    // row is then known by the entry's path (unique per type and language).
    .addColumn('entry_id', 'integer')
    .addColumn('entry_path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('track_stock', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One product per SKU in each language: the rule a save is checked against, and what makes two
  // saves racing for a SKU end with one of them refused.
  await db.schema
    .createIndex('ecommerce_skus_sku')
    .unique()
    .on('ecommerce_skus')
    .columns(['site_id', 'sku', 'locale'])
    .execute();
  await db.schema
    .createIndex('ecommerce_skus_entry')
    .on('ecommerce_skus')
    .columns(['site_id', 'entry_id'])
    .execute();

  await db.schema
    .createTable('ecommerce_stock')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull())
    .addColumn('on_hand', 'integer', (c) => c.notNull())
    // The SKU's own low-stock threshold; null: the site's setting.
    .addColumn('threshold', 'integer')
    // Set when the managers were mailed that it went low; cleared once it is above again, so each
    // crossing mails once.
    .addColumn('low_alerted_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ecommerce_stock_pk', ['site_id', 'sku'])
    .execute();
};
