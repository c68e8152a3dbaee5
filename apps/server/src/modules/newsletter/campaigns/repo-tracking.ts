import type { SiteScopedDb } from '../../../core/db/data.js';

/** What the tracking links change on a delivery. Each first time stamps its date; clicks count on. */
export class TrackingRepo {
  constructor(private readonly db: SiteScopedDb) {}

  find(deliveryId: number) {
    return this.db
      .selectFrom('newsletter_deliveries')
      .select(['id', 'campaign_id', 'subscriber_id', 'opened_at', 'unsubscribed_at'])
      .where('id', '=', deliveryId)
      .executeTakeFirst();
  }

  async click(deliveryId: number, at: string): Promise<void> {
    await this.db
      .updateTable('newsletter_deliveries')
      .set((eb) => ({ clicks: eb('clicks', '+', 1), clicked_at: eb.fn.coalesce('clicked_at', eb.val(at)) }))
      .where('id', '=', deliveryId)
      .execute();
  }

  /** Stamps the first open; whether this was it. */
  async open(deliveryId: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set({ opened_at: at })
      .where('id', '=', deliveryId)
      .where('opened_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Stamps the unsubscribe; whether it was the first. */
  async unsubscribe(deliveryId: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set({ unsubscribed_at: at })
      .where('id', '=', deliveryId)
      .where('unsubscribed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
