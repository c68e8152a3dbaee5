import type { Insertable, Selectable, Updateable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import type { CampaignStatus, NewsletterCampaignTable } from '../tables.js';

export type CampaignRow = Selectable<NewsletterCampaignTable>;
export type CampaignInsert = Omit<Insertable<NewsletterCampaignTable>, 'site_id'>;
export type CampaignUpdate = Omit<Updateable<NewsletterCampaignTable>, 'site_id' | 'id'>;

/** Per campaign, how many deliveries are in each status. */
export type StatusCounts = Record<string, number>;

/** A site's campaigns. */
export class CampaignsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async page(
    page: number,
    limit: number,
    status: CampaignStatus | undefined,
  ): Promise<{ rows: CampaignRow[]; total: number }> {
    let query = this.db.selectFrom('newsletter_campaigns');
    if (status) query = query.where('status', '=', status);
    const [rows, counted] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(counted.n) };
  }

  find(id: number): Promise<CampaignRow | undefined> {
    return this.db.selectFrom('newsletter_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(values: CampaignInsert): Promise<number> {
    const row = await this.db
      .insertInto('newsletter_campaigns', values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Changes the campaign only while it is in one of `from`; whether it was. */
  async updateIn(id: number, from: readonly CampaignStatus[], values: CampaignUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_campaigns')
      .set(values)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteIn(id: number, from: readonly CampaignStatus[]): Promise<boolean> {
    const result = await this.db
      .deleteFrom('newsletter_campaigns')
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Delivery counts by status of each of `ids`. */
  async statusCounts(ids: readonly number[]): Promise<Map<number, StatusCounts>> {
    const counts = new Map<number, StatusCounts>();
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom('newsletter_deliveries')
      .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('campaign_id', 'in', [...ids])
      .groupBy(['campaign_id', 'status'])
      .execute();
    for (const row of rows) {
      const of = counts.get(row.campaign_id) ?? {};
      of[row.status] = Number(row.n);
      counts.set(row.campaign_id, of);
    }
    return counts;
  }
}
