import type { PluginMigration } from '@tessera/plugin';

/**
 * What buyers can buy and what they are about to: the offers (each SKU of a published product at
 * its live price, which the cart and the checkout price from, never a draft's) and the carts.
 */
export const up: PluginMigration = async (db, engine) => {
  await db.schema
    .createTable('ecommerce_offers')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('sku', 'varchar(64)', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer')
    .addColumn('tax_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('category_ids', 'text', (c) => c.notNull())
    .addColumn('track_stock', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ecommerce_offers_pk', ['site_id', 'sku', 'locale'])
    .execute();
  await db.schema
    .createIndex('ecommerce_offers_entry')
    .on('ecommerce_offers')
    .columns(['site_id', 'entry_id'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('ecommerce_carts'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // The visitor's session holds it; a signed-in buyer's cart is found by account too, on any device.
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    // [{ sku, quantity, price }]: `price` is the one last shown, to say when it changed.
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('coupons', 'text', (c) => c.notNull())
    .addColumn('country', 'varchar(2)')
    .addColumn('region', 'varchar(3)')
    .addColumn('postcode', 'varchar(20)')
    .addColumn('shipping_method', 'varchar(40)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ecommerce_carts_token')
    .unique()
    .on('ecommerce_carts')
    .columns(['site_id', 'token'])
    .execute();
  await db.schema
    .createIndex('ecommerce_carts_account')
    .on('ecommerce_carts')
    .columns(['site_id', 'account_id'])
    .execute();
};
