import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { setSubscriberStatus } from '../repo-subscriber-status.js';
import { mailConfirmation } from './confirmation.js';
import { SubscribersRepo, type SubscriberView } from './repo.js';
import { ListsRepo } from './repo-lists.js';

/** How long a pending address waits before the form mails it the link again. */
const RESEND_AFTER_MS = 10 * 60_000;

/** What the site's subscribe form sends, checked: a kept address, the lists the block offers. */
export interface FormSubscription {
  email: string;
  name: string;
  /** The page's language: the subscriber's mails and campaigns are in it. */
  language: string;
  /** The ids of the lists the block offers; none: the site's public lists. */
  lists: readonly number[];
  ip: string;
  origin: string;
}

/**
 * Someone subscribed on the site: a new address, or one that is not subscribed (pending, or who left
 * and comes back), becomes pending with the lists offered and is mailed the confirmation link. An
 * address already subscribed gets nothing, nor one mailed its link in the last RESEND_AFTER_MS, and
 * the visitor the same answer: the form tells no one which addresses are on the list, and cannot be
 * used to flood a mailbox with links.
 */
export async function subscribeFromForm(runtime: Runtime, site: Site, form: FormSubscription): Promise<void> {
  await runtime.data.transaction(async (tx) => {
    const db = tx.site(site.id);
    const repo = new SubscribersRepo(db);
    const lists = new ListsRepo(db);
    const offered =
      form.lists.length > 0
        ? await lists.existing(form.lists)
        : (await lists.publicLists()).map((list) => list.id);
    const at = new Date().toISOString();
    const current = await repo.byEmail(form.email);
    if (current?.status === 'subscribed') return;
    // Asked a moment ago: the link is on its way. Posting an address again mails it once a while at most.
    if (current?.status === 'pending' && Date.parse(current.updated_at) > Date.now() - RESEND_AFTER_MS)
      return;
    let id = current?.id ?? 0;
    if (current) {
      await repo.askAgain(current.id, form.ip, at);
      await repo.update(
        current.id,
        {
          ...(current.name === '' && form.name !== '' ? { name: form.name } : {}),
          ...(current.language === null ? { language: form.language } : {}),
        },
        at,
      );
    } else {
      id = await repo.insert({
        email: form.email,
        name: form.name,
        status: 'pending',
        language: form.language,
        source: 'form',
        consent_at: null,
        consent_ip: form.ip,
        confirmed_at: null,
        at,
      });
      // The same address posted twice at once: the other post mails it.
      if (id === 0) return;
    }
    await repo.join([id], offered);
    const subscriber = (await repo.byId(id)) as SubscriberView;
    await mailConfirmation(runtime, site, subscriber, form.origin);
  });
}

/** What a subscriber's own page shows: their address and standing, and the public lists, theirs marked. */
export interface OwnSubscription {
  subscriber: SubscriberView;
  lists: Array<{ id: number; name: string; description: string; joined: boolean }>;
}

export async function ownSubscription(
  runtime: Runtime,
  site: Site,
  subscriberId: number,
): Promise<OwnSubscription | null> {
  const db = runtime.data.site(site.id);
  const subscriber = await new SubscribersRepo(db).byId(subscriberId);
  if (!subscriber) return null;
  const joined = new Set(subscriber.lists);
  const lists = (await new ListsRepo(db).publicLists()).map((list) => ({
    ...list,
    joined: joined.has(list.id),
  }));
  return { subscriber, lists };
}

/**
 * A subscriber's own change from their page: the public lists they are on (lists that are not
 * public stay as the administrators set them), leaving, or coming back after leaving (the signed
 * link proves the mailbox is theirs, as the confirmation link does).
 */
export async function changeOwnSubscription(
  runtime: Runtime,
  site: Site,
  subscriberId: number,
  change: { action: 'save'; lists: readonly number[] } | { action: 'unsubscribe' | 'resubscribe' },
): Promise<boolean> {
  const chosen = change.action === 'save' ? change.lists : [];
  return runtime.data.transaction(async (tx) => {
    const db = tx.site(site.id);
    const repo = new SubscribersRepo(db);
    const subscriber = await repo.byId(subscriberId);
    if (!subscriber) return false;
    const at = new Date().toISOString();
    if (change.action === 'unsubscribe') {
      if (subscriber.status !== 'unsubscribed')
        await setSubscriberStatus(db, subscriberId, 'unsubscribed', at);
      return true;
    }
    if (change.action === 'resubscribe') {
      if (subscriber.status === 'unsubscribed') {
        await setSubscriberStatus(db, subscriberId, 'subscribed', at);
        await repo.consented(subscriberId, at);
      }
      return true;
    }
    const publicIds = new Set((await new ListsRepo(db).publicLists()).map((list) => list.id));
    const kept = subscriber.lists.filter((id) => !publicIds.has(id));
    await repo.setLists(subscriberId, [...kept, ...chosen.filter((id) => publicIds.has(id))]);
    await repo.update(subscriberId, {}, at);
    return true;
  });
}
