import type { SiteScopedDb } from '../../core/db/data.js';
import type { SubscriberStatus } from './tables.js';

/**
 * Moves a subscriber to `status` (an unsubscribe link, a bounce, a confirmation), stamping the
 * matching date. The one place both halves of the newsletter change a subscriber's standing.
 * Returns whether a subscriber of that id was there to change.
 */
export async function setSubscriberStatus(
  db: SiteScopedDb,
  subscriberId: number,
  status: SubscriberStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({
      status,
      updated_at: at,
      ...(status === 'unsubscribed' ? { unsubscribed_at: at } : {}),
      ...(status === 'subscribed' ? { confirmed_at: at, unsubscribed_at: null } : {}),
    })
    .where('id', '=', subscriberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
