import type { PluginMigration } from '@tessera/plugin';

/**
 * The shop's rules, per site: delivery zones with their methods, tax rates, coupons. A zone's
 * locations, postcodes and methods are kept as JSON beside it: they are only ever read and written
 * with their zone, and the pricing engine takes them whole. Rates and percentages are text, so 5.5
 * stays 5.5 on both engines (the engine reads them as exact decimals).
 */
export const up: PluginMigration = async (db, engine) => {
  await engine
    .addIdColumn(db.schema.createTable('ecommerce_zones'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // The first zone matching an address serves it: the rest of the world goes last.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('locations', 'text', (c) => c.notNull())
    .addColumn('postcodes', 'text', (c) => c.notNull())
    .addColumn('methods', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ecommerce_zones_site')
    .on('ecommerce_zones')
    .columns(['site_id', 'position'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('ecommerce_tax_rates'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rate', 'varchar(20)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('regions', 'text', (c) => c.notNull())
    .addColumn('postcodes', 'text', (c) => c.notNull())
    .addColumn('tax_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('shipping', 'integer', (c) => c.notNull())
    // Among equally specific rates, the earlier applies.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ecommerce_tax_rates_site')
    .on('ecommerce_tax_rates')
    .columns(['site_id', 'position'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('ecommerce_coupons'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    // The code in capitals: buyers type `summer10` for `SUMMER10`, and two coupons may not differ
    // by case alone. The unique index settles two managers creating one code at once.
    .addColumn('code_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'varchar(20)', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('minimum_order', 'integer')
    .addColumn('usage_limit', 'integer')
    .addColumn('usage_limit_per_customer', 'integer')
    .addColumn('times_used', 'integer', (c) => c.notNull())
    .addColumn('product_ids', 'text', (c) => c.notNull())
    .addColumn('category_ids', 'text', (c) => c.notNull())
    .addColumn('excluded_product_ids', 'text', (c) => c.notNull())
    .addColumn('excluded_category_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ecommerce_coupons_code')
    .unique()
    .on('ecommerce_coupons')
    .columns(['site_id', 'code_key'])
    .execute();
};
