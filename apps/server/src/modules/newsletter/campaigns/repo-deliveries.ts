import { type ExpressionBuilder, type ExpressionWrapper, type SqlBool, sql } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import type { Database } from '../../../core/db/schema.js';
import type { CampaignEventKind, DeliveryStatus } from '../tables.js';

/** Who a campaign goes to: subscribers in any of `lists` (none: every list), of `language` when set. */
export interface Audience {
  lists: number[];
  language: string | null;
}

/** A delivery a batch took to mail. */
export interface ClaimedDelivery {
  id: number;
  email: string;
  subscriber_id: number | null;
  attempts: number;
}

type Deliveries = ExpressionBuilder<Database, 'newsletter_deliveries'>;

/** A campaign's recipients: one row each, and what happened to it. */
export class DeliveriesRepo {
  constructor(
    private readonly db: SiteScopedDb,
    /** PostgreSQL: concurrent claims skip each other's rows instead of queueing behind them. */
    private readonly skipLocked = false,
  ) {}

  /**
   * The next `limit` subscribers of the audience after subscriber `afterId`, by id: `subscribed`
   * ones, in any of the lists when lists are given, of the language when one is.
   */
  audienceChunk(audience: Audience, afterId: number, limit: number) {
    let query = this.db
      .selectFrom('newsletter_subscribers as s')
      .select(['s.id', 's.email'])
      .where('s.status', '=', 'subscribed')
      .where('s.id', '>', afterId);
    if (audience.lists.length > 0)
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('newsletter_memberships as m')
            .select('m.list_id')
            .whereRef('m.subscriber_id', '=', 's.id')
            .where('m.list_id', 'in', audience.lists),
        ),
      );
    if (audience.language !== null) query = query.where('s.language', '=', audience.language);
    return query.orderBy('s.id').limit(limit).execute();
  }

  /** Queues the recipients; one already queued for this campaign is left as it is (a rerun). */
  async queue(campaignId: number, recipients: ReadonlyArray<{ id: number; email: string }>, at: string) {
    if (recipients.length === 0) return;
    await this.db
      .insertInto(
        'newsletter_deliveries',
        recipients.map((recipient) => ({
          campaign_id: campaignId,
          subscriber_id: recipient.id,
          email: recipient.email,
          status: 'queued' as const,
          queued_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'subscriber_id']).doNothing())
      .execute();
  }

  async count(campaignId: number): Promise<number> {
    const row = await this.db
      .selectFrom('newsletter_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes the next due delivery for job `jobId`: moved to `sending` in one statement, so two
   * batches never take the same row. Queued rows first, then refused ones due again (two simple
   * conditions, each read from the (campaign_id, status, id) index). Null when none is due.
   */
  async claimOne(campaignId: number, jobId: number, now: string): Promise<ClaimedDelivery | null> {
    return (
      (await this.claimWhere(campaignId, jobId, (eb) => eb('status', '=', 'queued'))) ??
      (await this.claimWhere(campaignId, jobId, (eb) =>
        eb.and([eb('status', '=', 'failed'), eb('retry_at', 'is not', null), eb('retry_at', '<=', now)]),
      ))
    );
  }

  private async claimWhere(
    campaignId: number,
    jobId: number,
    due: (eb: Deliveries) => ExpressionWrapper<Database, 'newsletter_deliveries', SqlBool>,
  ): Promise<ClaimedDelivery | null> {
    const next = this.db
      .selectFrom('newsletter_deliveries')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where(due)
      .orderBy('id')
      .limit(1);
    const claimed = await this.db
      .updateTable('newsletter_deliveries')
      .set((eb) => ({
        status: 'sending',
        claimed_by: jobId,
        attempts: eb('attempts', '+', 1),
        retry_at: null,
      }))
      .where((eb) =>
        this.skipLocked
          ? // ARRAY() runs the locking subquery once (as the job queue's claim does).
            sql<SqlBool>`${eb.ref('id')} = any(array(${next.forUpdate().skipLocked()}))`
          : eb('id', 'in', next),
      )
      .where(due)
      .returning(['id', 'email', 'subscriber_id', 'attempts'])
      .executeTakeFirst();
    return claimed ?? null;
  }

  /** Records how the SMTP server took a claimed delivery, with its event; false if no longer claimed. */
  async settle(
    delivery: { id: number; campaignId: number; jobId: number },
    outcome: {
      status: Exclude<DeliveryStatus, 'queued' | 'sending'>;
      response: string;
      retryAt: string | null;
    },
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set({
        status: outcome.status,
        smtp_response: outcome.response.slice(0, 1000),
        retry_at: outcome.retryAt,
        ...(outcome.status === 'sent' ? { sent_at: at } : {}),
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', delivery.jobId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await this.event(delivery.campaignId, delivery.id, outcome.status, null, at);
    return true;
  }

  /**
   * The rows job `jobId` left in `sending` when its worker died: each may or may not have reached
   * the SMTP server, so none is sent again. Marked failed, "interrupted"; how many.
   */
  async interrupt(campaignId: number, jobId: number, at: string): Promise<number> {
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set({ status: 'failed', smtp_response: INTERRUPTED, retry_at: null })
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', jobId)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    if (count > 0) await this.event(campaignId, null, 'failed', null, at, count);
    return count;
  }

  /** What is left to do: rows due or claimed, and the earliest retry still to come. */
  async remaining(campaignId: number, now: string) {
    const row = await this.db
      .selectFrom('newsletter_deliveries')
      .select([
        sql<number>`sum(case when status = 'queued' then 1 else 0 end)`.as('queued'),
        sql<number>`sum(case when status = 'sending' then 1 else 0 end)`.as('sending'),
        sql<string | null>`min(case when status = 'failed' then retry_at end)`.as('next_retry'),
      ])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const nextRetry = row.next_retry ?? null;
    return {
      queued: Number(row.queued ?? 0),
      sending: Number(row.sending ?? 0),
      nextRetry,
      retryDue: nextRetry !== null && nextRetry <= now,
    };
  }

  /** Records what happened to a campaign (`times` alike at once), for the report's chart. */
  async event(
    campaignId: number,
    deliveryId: number | null,
    kind: CampaignEventKind,
    url: string | null,
    at: string,
    times = 1,
  ): Promise<void> {
    const row = { campaign_id: campaignId, delivery_id: deliveryId, kind, url, at };
    await this.db
      .insertInto(
        'newsletter_events',
        Array.from({ length: times }, () => row),
      )
      .execute();
  }
}

/** The answer kept for a message whose worker died while handing it over. */
export const INTERRUPTED = 'interrupted: the worker stopped while sending; not sent again';
