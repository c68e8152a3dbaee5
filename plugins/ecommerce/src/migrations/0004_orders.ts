import type { PluginMigration } from '@tessera/plugin';

/**
 * Orders, as they were when placed: lines, addresses and totals are frozen in the row (JSON for
 * what is only read with it), so a product renamed or repriced later changes no order. Their
 * history, the coupons they used (for the usage limits), and the address a signed-in buyer last
 * delivered to.
 */
export const up: PluginMigration = async (db, engine) => {
  await engine
    .addIdColumn(db.schema.createTable('ecommerce_orders'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('skus', 'text', (c) => c.notNull())
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text')
    .addColumn('shipping', 'text', (c) => c.notNull())
    .addColumn('coupons', 'text', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull())
    .addColumn('prices_include_tax', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('shipping_total', 'integer', (c) => c.notNull())
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_id', 'integer')
    // The random key of the buyer's link to their order, which every mail of the order carries (a
    // guest has no other way in); whoever reads this table sees the orders themselves anyway.
    .addColumn('access_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('carrier', 'varchar(100)')
    .addColumn('tracking_number', 'varchar(100)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema
    .createIndex('ecommerce_orders_site_created')
    .on('ecommerce_orders')
    .columns(['site_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ecommerce_orders_account')
    .on('ecommerce_orders')
    .columns(['site_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('ecommerce_orders_email')
    .on('ecommerce_orders')
    .columns(['site_id', 'email'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('ecommerce_order_history'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (c) => c.notNull())
    // `customer`, `payment`, `user:<id>` or `system`.
    .addColumn('actor', 'varchar(40)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ecommerce_order_history_order')
    .on('ecommerce_order_history')
    .columns(['site_id', 'order_id'])
    .execute();

  await db.schema
    .createTable('ecommerce_coupon_uses')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    // The buyer's address in lower case: a guest and an account with one address are one customer.
    .addColumn('customer', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ecommerce_coupon_uses_pk', ['site_id', 'coupon_id', 'order_id'])
    .execute();

  await db.schema
    .createTable('ecommerce_account_addresses')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ecommerce_account_addresses_pk', ['site_id', 'account_id'])
    .execute();
};
