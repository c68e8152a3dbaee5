import { enqueueSiteMail } from '../../../core/mail/mail-job.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { renderSiteMail } from '../../email-templates/module.js';
import { setSubscriberStatus } from '../repo-subscriber-status.js';
import { confirmClaims, confirmHolds, confirmToken, pagesBase } from './links.js';
import { SubscribersRepo } from './repo.js';

/**
 * Queues the `newsletter.confirm` mail with the subscriber's signed link, in their language. Call it
 * in the transaction that made the subscriber pending: the mail goes if that commits.
 */
export async function mailConfirmation(
  runtime: Runtime,
  site: Site,
  subscriber: { id: number; email: string; name: string; language: string | null },
  origin: string,
): Promise<void> {
  const token = confirmToken(runtime, site, subscriber);
  const link = `${pagesBase(runtime, site, origin, subscriber.language)}/_newsletter/confirm?token=${token}`;
  const mail = await renderSiteMail(runtime, site, 'newsletter.confirm', subscriber.language, {
    recipient: { name: subscriber.name, email: subscriber.email },
    link,
  });
  await enqueueSiteMail(runtime.jobs.queue, runtime.secrets, site, { to: subscriber.email, ...mail });
}

/**
 * Opens a confirmation link: a pending subscriber becomes subscribed, consent given now. The id of
 * the subscriber it confirmed (or had confirmed already), or null for a link that is not good: expired,
 * forged, for an address since changed, or for a subscriber who left since (unsubscribed, bounced).
 */
export async function confirmSubscription(
  runtime: Runtime,
  site: Site,
  token: string,
): Promise<number | null> {
  const claims = confirmClaims(token);
  if (!claims) return null;
  return runtime.data.transaction(async (tx) => {
    const repo = new SubscribersRepo(tx.site(site.id));
    const subscriber = await repo.byId(claims.subscriberId);
    if (!subscriber || !confirmHolds(runtime, site, claims, subscriber.email)) return null;
    if (subscriber.status === 'subscribed') return subscriber.id;
    if (subscriber.status !== 'pending') return null;
    const at = new Date().toISOString();
    await setSubscriberStatus(tx.site(site.id), subscriber.id, 'subscribed', at);
    await repo.consented(subscriber.id, at);
    return subscriber.id;
  });
}
