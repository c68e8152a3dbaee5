import type { PluginMigration } from '@tessera/plugin';

/**
 * Payments, the refunds made of them, and the provider's events already handled. No foreign keys
 * between the plugin's own tables: uninstalling drops them in name order, which PostgreSQL would
 * refuse for a referenced table.
 */
export const up: PluginMigration = async (db, engine) => {
  await engine
    .addIdColumn(db.schema.createTable('payments_payments'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
    .addColumn('reference', 'varchar(100)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('customer_email', 'varchar(254)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_refunded', 'integer', (c) => c.notNull())
    // Refunds asked of the provider and not yet answered: counted against what is left to refund.
    .addColumn('refund_pending', 'integer', (c) => c.notNull())
    .addColumn('provider_session_id', 'varchar(255)')
    .addColumn('provider_payment_intent', 'varchar(255)')
    .addColumn('redirect_url', 'text')
    // Bumped when the provider answered a request for a session with a failure it keeps for its
    // idempotency key: the next try needs a new key. A try whose answer was lost keeps the key.
    .addColumn('attempt', 'integer', (c) => c.notNull())
    // Set while the site closes the provider's page of a pending payment: the expiry the provider
    // then reports is that cancellation.
    .addColumn('cancel_requested_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema
    .createIndex('payments_payments_site_created')
    .on('payments_payments')
    .columns(['site_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_payments_reference')
    .on('payments_payments')
    .columns(['site_id', 'purpose', 'reference'])
    .execute();
  await db.schema
    .createIndex('payments_payments_session')
    .unique()
    .on('payments_payments')
    .columns(['site_id', 'provider_session_id'])
    .execute();
  await db.schema
    .createIndex('payments_payments_intent')
    .on('payments_payments')
    .columns(['site_id', 'provider_payment_intent'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('payments_refunds'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // pending (asked, not answered), succeeded, failed.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_refund_id', 'varchar(255)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_refunds_payment')
    .on('payments_refunds')
    .columns(['site_id', 'payment_id'])
    .execute();
  await db.schema
    .createIndex('payments_refunds_provider')
    .unique()
    .on('payments_refunds')
    .columns(['site_id', 'provider_refund_id'])
    .execute();

  await db.schema
    .createTable('payments_events')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payments_events_pk', ['site_id', 'provider', 'event_id'])
    .execute();
};
