import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Static } from '@sinclair/typebox';
import { randomSecret } from '../../core/access/secrets.js';
import { recordActivity } from '../../core/activity/record.js';
import { readJson, writeJson } from '../../core/db/engine.js';
import { type FieldErrors, NotFound, ValidationFailed } from '../../core/errors.js';
import type { SiteEvent } from '../../core/events/site-events.js';
import type { Page } from '../../core/http/envelope.js';
import { isPrivateAddress } from '../../core/net/address-guard.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import { requirePermission } from '../identity/actor.js';
import { settingsOf } from '../settings/service.js';
import { eventCatalogue, knownPattern, PING_EVENT, subscribes, type WebhookEvent } from './events.js';
import { type AttemptRow, type DeliveryRow, type WebhookRow, WebhooksRepo } from './repo.js';
import type { DeliverySchema } from './schemas.js';
import { type AttemptOutcome, send } from './sender.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'webhooks.deliver': { webhookId: number };
    'webhooks.prune': Record<string, never>;
    'webhooks.sweep': Record<string, never>;
  }
}

export const DELIVER_JOB = 'webhooks.deliver';
export const SWEEP_JOB = 'webhooks.sweep';
const MANAGE = 'webhooks.manage';
const TIMEOUT_MS = 10_000;

/** The job running a delivery run: its lease is the run's hold on the webhook. */
export interface DeliveryJob {
  jobId: number;
  /** Aborted when the job's lease passed to another worker: the run stops before its next send. */
  signal: AbortSignal;
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string;
  active?: boolean;
  /** Given: used as the secret; absent on creation: one is generated. */
  secret?: string;
}

export interface WebhookView {
  id: number;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  created_at: string;
  updated_at: string;
}

export type DeliveryView = Static<typeof DeliverySchema>;

/**
 * Webhooks (spec 2.6, 6.1): a site's subscriptions to its events, delivered signed through the job
 * queue, in order per webhook, with retries and a log of every attempt.
 */
export class WebhooksService {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
  ) {}

  async events(ctx: OperationContext): Promise<WebhookEvent[]> {
    requirePermission(ctx.actor, MANAGE);
    return this.catalogue(ctx.site);
  }

  async list(ctx: OperationContext): Promise<WebhookView[]> {
    requirePermission(ctx.actor, MANAGE);
    return (await new WebhooksRepo(ctx.db).list()).map(viewOf);
  }

  async get(ctx: OperationContext, id: number): Promise<WebhookView> {
    requirePermission(ctx.actor, MANAGE);
    return viewOf(await this.find(ctx, id));
  }

  /** Creates a webhook; the answer carries its secret, this once. */
  async create(ctx: OperationContext, input: WebhookInput): Promise<WebhookView & { secret: string }> {
    requirePermission(ctx.actor, MANAGE);
    await this.check(ctx, input);
    const secret = input.secret ?? `whsec_${randomSecret(32)}`;
    const at = new Date().toISOString();
    return ctx.transaction(async () => {
      const repo = new WebhooksRepo(ctx.db);
      const id = await repo.insert({
        url: input.url,
        description: input.description ?? '',
        events: writeJson([...new Set(input.events)]),
        secret: this.runtime.secrets.seal(secret),
        active: input.active === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      });
      await this.record(ctx, 'webhook.created', id, { url: input.url, events: input.events });
      return { ...viewOf(await this.find(ctx, id)), secret };
    });
  }

  /** Changes what is sent; a new `secret` is answered this once, like at creation. */
  async update(
    ctx: OperationContext,
    id: number,
    input: Partial<WebhookInput>,
  ): Promise<WebhookView & { secret?: string }> {
    requirePermission(ctx.actor, MANAGE);
    const current = await this.find(ctx, id);
    await this.check(ctx, { url: input.url ?? current.url, events: input.events ?? eventsOf(current) });
    return ctx.transaction(async () => {
      await new WebhooksRepo(ctx.db).update(id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: writeJson([...new Set(input.events)]) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
        ...(input.secret !== undefined ? { secret: this.runtime.secrets.seal(input.secret) } : {}),
        updated_at: new Date().toISOString(),
      });
      await this.record(ctx, 'webhook.updated', id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.secret !== undefined ? { secret: 'changed' } : {}),
      });
      const view = viewOf(await this.find(ctx, id));
      return input.secret !== undefined ? { ...view, secret: input.secret } : view;
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const webhook = await this.find(ctx, id);
    await ctx.transaction(async () => {
      await new WebhooksRepo(ctx.db).delete(id);
      await this.record(ctx, 'webhook.deleted', id, { url: webhook.url });
    });
  }

  /**
   * Sends a `webhook.ping` now and answers how it went: an administrator checking a receiver wants
   * the answer, not a queue. It is logged with the deliveries, outside their order.
   */
  async ping(ctx: OperationContext, id: number): Promise<DeliveryView> {
    requirePermission(ctx.actor, MANAGE);
    const webhook = await this.find(ctx, id);
    const repo = new WebhooksRepo(ctx.db);
    const at = new Date().toISOString();
    const body = JSON.stringify({
      event: PING_EVENT,
      timestamp: at,
      data: { webhook_id: id, url: webhook.url },
    });
    const deliveryId = await repo.insertDelivery({
      webhook_id: id,
      delivery_id: randomUUID(),
      event: PING_EVENT,
      body,
      // Never 'pending': a delivery run of the webhook must not pick the ping up and send it twice.
      status: 'failed',
      attempts: 0,
      next_attempt_at: null,
      created_at: at,
      updated_at: at,
    });
    const delivery = await this.deliveryOf(repo, id, deliveryId);
    const outcome = await this.attempt(ctx.site, webhook, delivery);
    await this.settle(repo, delivery, outcome, []);
    return this.deliveryView(repo, await this.deliveryOf(repo, id, deliveryId));
  }

  async deliveries(
    ctx: OperationContext,
    id: number,
    page: number,
    limit: number,
  ): Promise<Page<DeliveryView>> {
    requirePermission(ctx.actor, MANAGE);
    await this.find(ctx, id);
    const repo = new WebhooksRepo(ctx.db);
    const { rows, total } = await repo.deliveries(id, page, limit);
    const attempts = await repo.attemptsOf(rows.map((row) => row.id));
    return { items: rows.map((row) => deliveryViewOf(row, attempts)), total };
  }

  /** Sends a logged delivery again, same body and delivery id, in order with the webhook's others. */
  async redeliver(ctx: OperationContext, id: number, deliveryId: number): Promise<DeliveryView> {
    requirePermission(ctx.actor, MANAGE);
    await this.find(ctx, id);
    const repo = new WebhooksRepo(ctx.db);
    const delivery = await this.deliveryOf(repo, id, deliveryId);
    await ctx.transaction(async () => {
      await repo.updateDelivery(delivery.id, {
        status: 'pending',
        next_attempt_at: null,
        updated_at: new Date().toISOString(),
      });
      await ctx.jobs.enqueue(DELIVER_JOB, { webhookId: id }, { dedupeKey: `webhook:${id}` });
      await this.record(ctx, 'webhook.redelivered', id, {
        delivery_id: delivery.delivery_id,
        event: delivery.event,
      });
    });
    return this.deliveryView(repo, await this.deliveryOf(repo, id, deliveryId));
  }

  /**
   * A site event, inside its transaction: a delivery for each active webhook subscribed to it, and
   * the job that sends them. Both commit or roll back with the change.
   */
  async enqueue(site: Site, event: SiteEvent): Promise<void> {
    const repo = new WebhooksRepo(this.runtime.data.site(site.id));
    const webhooks = (await repo.active()).filter((webhook) => subscribes(eventsOf(webhook), event.name));
    if (webhooks.length === 0) return;
    // Only the events of the catalogue go out: `*` does not mean internal ones (content.imported).
    if (!(await this.catalogue(site)).some((known) => known.name === event.name)) return;
    const body = JSON.stringify({ event: event.name, timestamp: event.timestamp, data: event.data });
    for (const webhook of webhooks) {
      await repo.insertDelivery({
        webhook_id: webhook.id,
        delivery_id: randomUUID(),
        event: event.name,
        body,
        status: 'pending',
        attempts: 0,
        next_attempt_at: null,
        created_at: event.timestamp,
        updated_at: event.timestamp,
      });
      await this.runtime.jobs.queue.enqueue(
        DELIVER_JOB,
        { webhookId: webhook.id },
        { siteId: site.id, dedupeKey: `webhook:${webhook.id}` },
      );
    }
  }

  /**
   * Sends the webhook's pending deliveries, oldest first, one run at a time per webhook. A failed
   * attempt waits its turn in the retry schedule and holds the later ones back, so a receiver sees
   * the events in the order they happened; a delivery out of attempts fails and the next goes.
   */
  async drain(site: Site, webhookId: number, job: DeliveryJob): Promise<void> {
    const repo = new WebhooksRepo(this.runtime.data.site(site.id));
    const run = randomUUID();
    for (;;) {
      if (!(await this.takeRun(repo, webhookId, job.jobId, run))) return;
      try {
        await this.sendPending(site, repo, webhookId, run, job.signal);
      } finally {
        await repo.releaseRun(webhookId, run);
      }
      if (job.signal.aborted) return;
      // A delivery committed while this run was letting go would otherwise wait for the next event.
      const next = await repo.nextPending(webhookId);
      if (!next || (next.next_attempt_at !== null && next.next_attempt_at > new Date().toISOString())) return;
    }
  }

  /**
   * Starts a delivery run for each of the site's webhooks with a delivery due and no live run: runs
   * whose worker died and whose job ran out of attempts, or any other way a due delivery was left
   * without its job. Answers how many runs it started (a run already waiting in the queue is not
   * counted: that is no delivery left behind).
   */
  async sweep(site: Site): Promise<number> {
    const repo = new WebhooksRepo(this.runtime.data.site(site.id));
    const { queue } = this.runtime.jobs;
    const at = new Date().toISOString();
    let started = 0;
    for (const webhook of await repo.withDueDeliveries(at)) {
      if (webhook.draining_job !== null && (await this.jobAlive(webhook.draining_job))) continue;
      const id = await queue.enqueue(
        DELIVER_JOB,
        { webhookId: webhook.id },
        { siteId: site.id, dedupeKey: `webhook:${webhook.id}` },
      );
      if (((await queue.get(id))?.created_at ?? at) >= at) started++;
    }
    return started;
  }

  async prune(site: Site): Promise<number> {
    const { log_days } = await settingsOf(this.runtime, site, 'webhooks');
    return new WebhooksRepo(this.runtime.data.site(site.id)).pruneBefore(
      new Date(Date.now() - log_days * 86_400_000).toISOString(),
    );
  }

  /**
   * Takes the webhook for `run` unless another run is alive on it: the hold is its job's lease, so a
   * run whose worker died lets go as soon as the queue would give its job to another worker. A hold
   * of this same job is always a dead run's, since the queue runs a job on one worker at a time.
   */
  private async takeRun(repo: WebhooksRepo, webhookId: number, jobId: number, run: string) {
    const webhook = await repo.byId(webhookId);
    if (!webhook) return false;
    const holder = webhook.draining_job;
    if (holder !== null && holder !== jobId && (await this.jobAlive(holder))) return false;
    return repo.takeRun(webhookId, webhook.draining_run, jobId, run);
  }

  /** Whether the job is running under a lease that has not expired. */
  private async jobAlive(jobId: number): Promise<boolean> {
    const job = await this.runtime.jobs.queue.get(jobId);
    return (
      job?.status === 'running' && job.locked_until !== null && job.locked_until > new Date().toISOString()
    );
  }

  private async sendPending(
    site: Site,
    repo: WebhooksRepo,
    webhookId: number,
    run: string,
    signal: AbortSignal,
  ): Promise<void> {
    const { retry_delays_seconds: delays } = await settingsOf(this.runtime, site, 'webhooks');
    for (;;) {
      const webhook = await repo.byId(webhookId);
      // Taken over (this worker was thought dead): the run that took the webhook sends from here.
      if (!webhook || webhook.draining_run !== run || signal.aborted) return;
      const delivery = await repo.nextPending(webhookId);
      if (!delivery) return;
      const nowIso = new Date().toISOString();
      if (webhook.active !== 1) {
        await repo.insertAttempt({
          delivery_id: delivery.id,
          attempt: delivery.attempts + 1,
          status_code: null,
          duration_ms: 0,
          error: 'The webhook was deactivated.',
          response: null,
          at: nowIso,
        });
        await repo.updateDelivery(delivery.id, {
          status: 'failed',
          next_attempt_at: null,
          updated_at: nowIso,
        });
        continue;
      }
      if (delivery.next_attempt_at !== null && delivery.next_attempt_at > nowIso) {
        await this.runtime.jobs.queue.enqueue(
          DELIVER_JOB,
          { webhookId },
          { siteId: site.id, dedupeKey: `webhook:${webhookId}`, runAt: new Date(delivery.next_attempt_at) },
        );
        return;
      }
      const outcome = await this.attempt(site, webhook, delivery);
      const retryAt = await this.settle(repo, delivery, outcome, delays);
      if (retryAt) {
        await this.runtime.jobs.queue.enqueue(
          DELIVER_JOB,
          { webhookId },
          { siteId: site.id, dedupeKey: `webhook:${webhookId}`, runAt: retryAt },
        );
        return;
      }
    }
  }

  private async attempt(site: Site, webhook: WebhookRow, delivery: DeliveryRow): Promise<AttemptOutcome> {
    const { allow_private_targets } = await settingsOf(this.runtime, site, 'webhooks');
    return send({
      url: webhook.url,
      secret: this.runtime.secrets.open(webhook.secret),
      deliveryId: delivery.delivery_id,
      event: delivery.event,
      body: delivery.body,
      allowPrivate: allow_private_targets,
      timeoutMs: TIMEOUT_MS,
    });
  }

  /** Logs the attempt and moves the delivery on; answers when to try again, if it must be. */
  private async settle(
    repo: WebhooksRepo,
    delivery: DeliveryRow,
    outcome: AttemptOutcome,
    delays: readonly number[],
  ): Promise<Date | null> {
    const attempt = delivery.attempts + 1;
    const at = new Date();
    await repo.insertAttempt({
      delivery_id: delivery.id,
      attempt,
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      error: outcome.error?.slice(0, 1000) ?? null,
      response: outcome.response?.slice(0, 1000) ?? null,
      at: at.toISOString(),
    });
    // Redelivered by hand, the schedule starts again.
    const delay = outcome.ok ? undefined : delays[delivery.attempts % Math.max(1, delays.length + 1)];
    const retryAt = delay === undefined ? null : new Date(at.getTime() + delay * 1000);
    await repo.updateDelivery(delivery.id, {
      status: outcome.ok ? 'delivered' : retryAt ? 'pending' : 'failed',
      attempts: attempt,
      next_attempt_at: retryAt?.toISOString() ?? null,
      updated_at: at.toISOString(),
    });
    return retryAt;
  }

  private async check(ctx: OperationContext, input: Pick<WebhookInput, 'url' | 'events'>): Promise<void> {
    const errors: FieldErrors = {};
    let url: URL | null = null;
    try {
      url = new URL(input.url);
    } catch {
      errors.url = ['Must be an absolute http or https URL.'];
    }
    if (url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        errors.url = ['Must be an http or https URL.'];
      else if (url.username || url.password)
        errors.url = ['Must not carry a user name or password; use the secret.'];
      else {
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const { allow_private_targets } = await settingsOf(this.runtime, ctx.site, 'webhooks');
        if (!allow_private_targets && isIP(host) && isPrivateAddress(host))
          errors.url = [
            `${host} is a private or reserved address; the webhooks setting allow_private_targets permits it.`,
          ];
      }
    }
    const catalogue = await this.catalogue(ctx.site);
    if (input.events.length === 0) errors.events = ['Subscribe to at least one event.'];
    input.events.forEach((pattern, i) => {
      if (!knownPattern(pattern, catalogue))
        errors[`events.${i}`] = [
          `"${pattern}" is no event of this site (GET /api/webhooks/events lists them).`,
        ];
    });
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  }

  private async catalogue(site: Site): Promise<WebhookEvent[]> {
    return eventCatalogue(
      [...(await this.content.types.ofSite(site)).values()],
      pluginsOf(this.runtime).siteEventsOn(site.id),
    );
  }

  private async find(ctx: OperationContext, id: number): Promise<WebhookRow> {
    const webhook = await new WebhooksRepo(ctx.db).byId(id);
    if (!webhook) throw new NotFound('Webhook');
    return webhook;
  }

  private async deliveryOf(repo: WebhooksRepo, webhookId: number, id: number): Promise<DeliveryRow> {
    const delivery = await repo.delivery(webhookId, id);
    if (!delivery) throw new NotFound('Delivery');
    return delivery;
  }

  private async deliveryView(repo: WebhooksRepo, delivery: DeliveryRow): Promise<DeliveryView> {
    return deliveryViewOf(delivery, await repo.attemptsOf([delivery.id]));
  }

  private record(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'webhook',
      subjectId: id,
      ip: ctx.actor.ip,
      details,
    });
  }
}

function eventsOf(webhook: WebhookRow): string[] {
  return readJson<string[]>(webhook.events, []);
}

function viewOf(webhook: WebhookRow): WebhookView {
  return {
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    events: eventsOf(webhook),
    active: webhook.active === 1,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
  };
}

function deliveryViewOf(delivery: DeliveryRow, attempts: readonly AttemptRow[]): DeliveryView {
  return {
    id: delivery.id,
    delivery_id: delivery.delivery_id,
    event: delivery.event,
    status: delivery.status,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === delivery.id)
      .map(({ attempt, status_code, duration_ms, error, response, at }) => ({
        attempt,
        status_code,
        duration_ms,
        error,
        response,
        at,
      })),
    next_attempt_at: delivery.next_attempt_at,
    created_at: delivery.created_at,
    body: delivery.body,
  };
}
