import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * The newsletter (issue 37): a site's lists and subscribers, CSV imports, campaigns, and one
 * delivery row per campaign and recipient. The delivery row is what makes sending resumable: a
 * recipient is mailed only by moving their row out of `queued`, so a restart never mails twice.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  const table = (name: string) =>
    engine.addIdColumn(db.schema.createTable(name) as CreateTableBuilder<string, never>);
  const site = (c: ColumnDefinitionBuilder) => c.notNull().references('sites.id').onDelete('cascade');

  await table('newsletter_lists')
    .addColumn('site_id', 'integer', site)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('newsletter_lists_name_unique', ['site_id', 'name'])
    .execute();

  await table('newsletter_subscribers')
    .addColumn('site_id', 'integer', site)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('language', 'varchar(35)')
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('consent_at', ts)
    .addColumn('consent_ip', 'varchar(45)')
    .addColumn('confirmed_at', ts)
    .addColumn('unsubscribed_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('newsletter_subscribers_email_unique', ['site_id', 'email'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_status_idx')
    .on('newsletter_subscribers')
    .columns(['site_id', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('newsletter_memberships')
    .addColumn('site_id', 'integer', site)
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
    )
    .addColumn('list_id', 'integer', (c) => c.notNull().references('newsletter_lists.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('newsletter_memberships_pk', ['subscriber_id', 'list_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_memberships_list_idx')
    .on('newsletter_memberships')
    .columns(['list_id', 'subscriber_id'])
    .execute();

  await table('newsletter_imports')
    .addColumn('site_id', 'integer', site)
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('list_ids', 'text', (c) => c.notNull())
    .addColumn('subscriber_status', 'varchar(20)', (c) => c.notNull().defaultTo('subscribed'))
    .addColumn('total_bytes', 'integer', (c) => c.notNull())
    .addColumn('read_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merged_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();

  await table('newsletter_campaigns')
    .addColumn('site_id', 'integer', site)
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('preheader', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('from_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('scheduled_at', ts)
    .addColumn('started_at', ts)
    .addColumn('finished_at', ts)
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_campaigns_created_idx')
    .on('newsletter_campaigns')
    .columns(['site_id', 'created_at'])
    .execute();

  await table('newsletter_deliveries')
    .addColumn('site_id', 'integer', site)
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('newsletter_campaigns.id').onDelete('cascade'),
    )
    .addColumn('subscriber_id', 'integer', (c) =>
      c.references('newsletter_subscribers.id').onDelete('set null'),
    )
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('smtp_response', 'varchar(1000)')
    .addColumn('claimed_by', 'integer')
    .addColumn('retry_at', ts)
    .addColumn('queued_at', ts, (c) => c.notNull())
    .addColumn('sent_at', ts)
    .addColumn('opened_at', ts)
    .addColumn('clicked_at', ts)
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsubscribed_at', ts)
    .addUniqueConstraint('newsletter_deliveries_recipient_unique', ['campaign_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_status_idx')
    .on('newsletter_deliveries')
    .columns(['campaign_id', 'status', 'id'])
    .execute();

  await table('newsletter_events')
    .addColumn('site_id', 'integer', site)
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('newsletter_campaigns.id').onDelete('cascade'),
    )
    .addColumn('delivery_id', 'integer', (c) => c.references('newsletter_deliveries.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)')
    .addColumn('at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_events_campaign_idx')
    .on('newsletter_events')
    .columns(['campaign_id', 'at'])
    .execute();
}
