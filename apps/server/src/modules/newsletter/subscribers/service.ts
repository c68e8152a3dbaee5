import { requirePermission } from '../../../core/access/actor.js';
import { fieldDiff } from '../../../core/activity/record.js';
import { Conflict, NotFound, ValidationFailed } from '../../../core/errors.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { setSubscriberStatus } from '../repo-subscriber-status.js';
import type { SubscriberStatus } from '../tables.js';
import { recordNewsletterActivity } from './activity.js';
import { subscriberAddress, subscriberLanguage } from './address.js';
import { mailConfirmation } from './confirmation.js';
import { MANAGE } from './lists-service.js';
import { type SubscriberFilter, SubscribersRepo, type SubscriberView } from './repo.js';
import { ListsRepo } from './repo-lists.js';

export interface SubscriberInput {
  email: string;
  name?: string;
  language?: string | null;
  status?: 'subscribed' | 'pending';
  lists?: number[];
}

export interface SubscriberUpdate {
  name?: string;
  language?: string | null;
  status?: SubscriberStatus;
  lists?: number[];
}

const EXPORT_BATCH = 500;

/** Subscribers as administrators keep them (`newsletter.manage`): Authors never see an address. */
export class SubscribersService {
  constructor(private readonly runtime: Runtime) {}

  async list(
    ctx: OperationContext,
    filter: SubscriberFilter,
    page: number,
    limit: number,
  ): Promise<Page<SubscriberView>> {
    requirePermission(ctx.actor, MANAGE);
    return new SubscribersRepo(ctx.db).page(filter, page, limit);
  }

  async get(ctx: OperationContext, id: number): Promise<SubscriberView> {
    requirePermission(ctx.actor, MANAGE);
    return found(new SubscribersRepo(ctx.db), id);
  }

  /**
   * An administrator adds one address: subscribed at once (the administrator vouches for the
   * consent), or pending and mailed the confirmation link when asked.
   */
  async create(ctx: OperationContext, input: SubscriberInput, origin: string): Promise<SubscriberView> {
    requirePermission(ctx.actor, MANAGE);
    const email = subscriberAddress(input.email);
    if (!email) throw ValidationFailed.field('email', 'Enter an email address such as name@example.com.');
    const status = input.status ?? 'subscribed';
    return ctx.transaction(async () => {
      const repo = new SubscribersRepo(ctx.db);
      const lists = await knownLists(ctx, input.lists ?? []);
      if (await repo.byEmail(email)) throw taken(email);
      const at = new Date().toISOString();
      const subscribed = status === 'subscribed';
      const id = await repo.insert({
        email,
        name: input.name?.trim() ?? '',
        status,
        language: input.language ? subscriberLanguage(input.language) : null,
        source: 'admin',
        consent_at: subscribed ? at : null,
        consent_ip: null,
        confirmed_at: subscribed ? at : null,
        at,
      });
      // A concurrent insert of the same address took it between the look-up and the insert.
      if (id === 0) throw taken(email);
      await repo.join([id], lists);
      const subscriber = (await repo.byId(id)) as SubscriberView;
      if (!subscribed) await mailConfirmation(this.runtime, ctx.site, subscriber, origin);
      await this.log(ctx, 'newsletter.subscriber_created', id, { status, lists });
      return subscriber;
    });
  }

  async update(ctx: OperationContext, id: number, input: SubscriberUpdate): Promise<SubscriberView> {
    requirePermission(ctx.actor, MANAGE);
    return ctx.transaction(async () => {
      const repo = new SubscribersRepo(ctx.db);
      const current = await found(repo, id);
      const at = new Date().toISOString();
      const lists = input.lists === undefined ? undefined : await knownLists(ctx, input.lists);
      await repo.update(
        id,
        {
          ...(input.name === undefined ? {} : { name: input.name.trim() }),
          ...(input.language === undefined
            ? {}
            : { language: input.language ? subscriberLanguage(input.language) : null }),
        },
        at,
      );
      if (input.status !== undefined && input.status !== current.status)
        await setSubscriberStatus(ctx.db, id, input.status, at);
      if (lists) await repo.setLists(id, lists);
      const after = (await repo.byId(id)) as SubscriberView;
      const diff = fieldDiff(pick(current), pick(after));
      if (Object.keys(diff).length > 0) await this.log(ctx, 'newsletter.subscriber_updated', id, diff);
      return after;
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    await ctx.transaction(async () => {
      const repo = new SubscribersRepo(ctx.db);
      await found(repo, id);
      await repo.delete(id);
      await this.log(ctx, 'newsletter.subscriber_deleted', id, {});
    });
  }

  /**
   * The matching subscribers in batches, oldest first, with the names of the site's lists: an
   * export of any size stays small in memory. The permission is checked before the first batch.
   */
  async exportRows(
    ctx: OperationContext,
    filter: SubscriberFilter,
  ): Promise<{ listNames: Map<number, string>; rows: AsyncGenerator<SubscriberView> }> {
    requirePermission(ctx.actor, MANAGE);
    const listNames = new Map((await new ListsRepo(ctx.db).all()).map((list) => [list.id, list.name]));
    const repo = new SubscribersRepo(ctx.db);
    async function* rows() {
      let afterId = 0;
      for (;;) {
        const batch = await repo.batch(filter, afterId, EXPORT_BATCH);
        yield* batch;
        const last = batch[batch.length - 1];
        if (!last || batch.length < EXPORT_BATCH) return;
        afterId = last.id;
      }
    }
    return { listNames, rows: rows() };
  }

  private log(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordNewsletterActivity(
      this.runtime,
      ctx,
      { action, subject: 'newsletter_subscriber', id },
      details,
    );
  }
}

/** What an update's log entry compares. */
function pick(subscriber: SubscriberView) {
  return {
    name: subscriber.name,
    language: subscriber.language,
    status: subscriber.status,
    lists: subscriber.lists.join(','),
  };
}

/** The ids given, each a list of the site's: 422 naming the first that is not. */
export async function knownLists(ctx: OperationContext, ids: readonly number[]): Promise<number[]> {
  const existing = new Set(await new ListsRepo(ctx.db).existing(ids));
  const missing = ids.findIndex((id) => !existing.has(id));
  if (missing >= 0) throw ValidationFailed.field(`lists.${missing}`, `There is no list ${ids[missing]}.`);
  return [...ids];
}

function taken(email: string): Conflict {
  return new Conflict(`${email} is already a subscriber.`, 'subscriber_exists', {
    email: [`${email} is already a subscriber.`],
  });
}

async function found(repo: SubscribersRepo, id: number): Promise<SubscriberView> {
  const subscriber = await repo.byId(id);
  if (!subscriber) throw new NotFound(`Subscriber ${id}`, 'subscriber_not_found');
  return subscriber;
}
