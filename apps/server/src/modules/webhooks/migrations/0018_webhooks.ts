import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * Webhooks and their delivery log. A delivery is one event for one webhook, with the exact body
 * sent (the signature covers it); each try of it is an attempt. Site-owned, with composite keys on
 * (site_id, id) so a delivery can never point at another site's webhook (docs/data.md).
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  const siteOwned = (name: string) =>
    engine
      .addIdColumn(db.schema.createTable(name) as CreateTableBuilder<string, never>)
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addUniqueConstraint(`${name}_site_id_unique`, ['site_id', 'id']);

  await siteOwned('webhooks')
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('events', engine.jsonType, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('draining_until', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await siteOwned('webhook_deliveries')
    .addColumn('webhook_id', 'integer', (c) => c.notNull())
    .addColumn('delivery_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('event', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addForeignKeyConstraint(
      'webhook_deliveries_webhook_fk',
      ['site_id', 'webhook_id'],
      'webhooks',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_queue_idx')
    .on('webhook_deliveries')
    .columns(['site_id', 'webhook_id', 'status', 'id'])
    .execute();

  await siteOwned('webhook_attempts')
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(1000)')
    .addColumn('response', 'varchar(1000)')
    .addColumn('at', ts, (c) => c.notNull())
    .addForeignKeyConstraint(
      'webhook_attempts_delivery_fk',
      ['site_id', 'delivery_id'],
      'webhook_deliveries',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['site_id', 'delivery_id'])
    .execute();
}
