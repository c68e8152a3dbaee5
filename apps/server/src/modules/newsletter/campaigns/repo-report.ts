import { sql } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import type { DeliveryStatus } from '../tables.js';

/** What the API and the CSV export show of each recipient, in the CSV's column order. */
export const RECIPIENT_COLUMNS = [
  'id',
  'subscriber_id',
  'email',
  'status',
  'attempts',
  'smtp_response',
  'sent_at',
  'opened_at',
  'clicked_at',
  'clicks',
  'unsubscribed_at',
] as const;

/** What a campaign's report reads: its deliveries and events, summed. */
export class ReportRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async deliveryTotals(campaignId: number) {
    const row = await this.db
      .selectFrom('newsletter_deliveries')
      .select([
        sql<number>`count(*)`.as('recipients'),
        sql<number>`sum(case when status in ('queued', 'sending') then 1 else 0 end)`.as('queued'),
        sql<number>`sum(case when status = 'sent' then 1 else 0 end)`.as('sent'),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as('failed'),
        sql<number>`sum(case when status = 'bounced' then 1 else 0 end)`.as('bounced'),
        sql<number>`sum(case when opened_at is not null then 1 else 0 end)`.as('opened'),
        sql<number>`sum(case when clicked_at is not null then 1 else 0 end)`.as('clicked'),
        sql<number>`coalesce(sum(clicks), 0)`.as('clicks'),
        sql<number>`sum(case when unsubscribed_at is not null then 1 else 0 end)`.as('unsubscribed'),
      ])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)])) as Record<
      keyof typeof row,
      number
    >;
  }

  /** Events by hour (`2026-05-01T14`) and kind, oldest first. */
  eventsByHour(campaignId: number) {
    const hour = sql<string>`substr(at, 1, 13)`;
    return this.db
      .selectFrom('newsletter_events')
      .select([hour.as('hour'), 'kind', sql<number>`count(*)`.as('n')])
      .where('campaign_id', '=', campaignId)
      .groupBy([hour, 'kind'])
      .orderBy(hour)
      .execute();
  }

  topLinks(campaignId: number, limit: number) {
    return this.db
      .selectFrom('newsletter_events')
      .select([
        'url',
        sql<number>`count(*)`.as('clicks'),
        sql<number>`count(distinct delivery_id)`.as('recipients'),
      ])
      .where('campaign_id', '=', campaignId)
      .where('kind', '=', 'click')
      .where('url', 'is not', null)
      .groupBy('url')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('url')
      .limit(limit)
      .execute();
  }

  async recipients(campaignId: number, page: number, limit: number, status: DeliveryStatus | undefined) {
    let query = this.db.selectFrom('newsletter_deliveries').where('campaign_id', '=', campaignId);
    if (status) query = query.where('status', '=', status);
    const [rows, counted] = await Promise.all([
      query
        .select(RECIPIENT_COLUMNS)
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(counted.n) };
  }

  /** The recipients after delivery `afterId`, by id: a CSV export reads them a chunk at a time. */
  recipientsAfter(campaignId: number, afterId: number, limit: number, status: DeliveryStatus | undefined) {
    let query = this.db
      .selectFrom('newsletter_deliveries')
      .select(RECIPIENT_COLUMNS)
      .where('campaign_id', '=', campaignId)
      .where('id', '>', afterId);
    if (status) query = query.where('status', '=', status);
    return query.orderBy('id').limit(limit).execute();
  }
}
