import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { settingsOf } from '../../settings/service.js';
import { setSubscriberStatus } from '../repo-subscriber-status.js';
import type { NewsletterSigner } from '../signing.js';
import { clickValue } from './links.js';
import { DeliveriesRepo } from './repo-deliveries.js';
import { TrackingRepo } from './repo-tracking.js';

/**
 * What a recipient's links do, each checked by its MAC first (a forged or altered link is not
 * found): follow a link, open the message, unsubscribe.
 */
export class CampaignTracking {
  constructor(
    private readonly runtime: Runtime,
    private readonly signer: NewsletterSigner,
  ) {}

  /**
   * Counts a click and answers where it goes; null for a link this site did not sign. A sample
   * link (a preview's, delivery 0) still leads on, uncounted.
   */
  async click(site: Site, deliveryId: number, mac: string, url: string): Promise<string | null> {
    if (!/^https?:\/\//i.test(url)) return null;
    if (!this.signer.verify(site.id, 'click', clickValue(deliveryId, url), mac)) return null;
    const db = this.runtime.data.site(site.id);
    const tracking = new TrackingRepo(db);
    const delivery = await tracking.find(deliveryId);
    if (delivery)
      await this.runtime.data.transaction(async () => {
        const at = new Date().toISOString();
        await tracking.click(deliveryId, at);
        await new DeliveriesRepo(db).event(delivery.campaign_id, deliveryId, 'click', url.slice(0, 2000), at);
      });
    return url;
  }

  /** Counts the first open, when the site counts opens; whether the link is good. */
  async open(site: Site, deliveryId: number, mac: string): Promise<boolean> {
    if (!this.signer.verify(site.id, 'open', String(deliveryId), mac)) return false;
    if (!(await settingsOf(this.runtime, site, 'newsletter')).track_opens) return true;
    const db = this.runtime.data.site(site.id);
    const tracking = new TrackingRepo(db);
    const delivery = await tracking.find(deliveryId);
    if (delivery && delivery.opened_at === null)
      await this.runtime.data.transaction(async () => {
        const at = new Date().toISOString();
        if (await tracking.open(deliveryId, at))
          await new DeliveriesRepo(db).event(delivery.campaign_id, deliveryId, 'open', null, at);
      });
    return true;
  }

  /** The delivery an unsubscribe link names, when the link is good. */
  async unsubscribeTarget(site: Site, deliveryId: number, mac: string) {
    if (!this.signer.verify(site.id, 'unsubscribe', String(deliveryId), mac)) return null;
    return (await new TrackingRepo(this.runtime.data.site(site.id)).find(deliveryId)) ?? null;
  }

  /** Unsubscribes the delivery's subscriber, recorded against the campaign; false for a bad link. */
  async unsubscribe(site: Site, deliveryId: number, mac: string): Promise<boolean> {
    const delivery = await this.unsubscribeTarget(site, deliveryId, mac);
    if (!delivery) return false;
    const db = this.runtime.data.site(site.id);
    await this.runtime.data.transaction(async () => {
      const at = new Date().toISOString();
      if (delivery.subscriber_id !== null)
        await setSubscriberStatus(db, delivery.subscriber_id, 'unsubscribed', at);
      if (await new TrackingRepo(db).unsubscribe(deliveryId, at))
        await new DeliveriesRepo(db).event(delivery.campaign_id, deliveryId, 'unsubscribe', null, at);
    });
    return true;
  }
}
