import type { JobContext } from '../../../core/jobs/job-registry.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { siteUrlOf } from '../../email-templates/site-mail.js';
import { settingsOf } from '../../settings/service.js';
import { setSubscriberStatus } from '../repo-subscriber-status.js';
import type { NewsletterSigner } from '../signing.js';
import { manageUrl } from '../subscribers/links.js';
import { personalize, type RenderedCampaign, renderCampaign } from './campaign-mail.js';
import { contentOfRow, readAudience } from './campaign-row.js';
import { TrackingLinks } from './links.js';
import { CampaignsRepo } from './repo.js';
import { type ClaimedDelivery, DeliveriesRepo } from './repo-deliveries.js';

export const AUDIENCE_JOB = 'newsletter.audience';
export const BATCH_JOB = 'newsletter.batch';

declare module '../../../core/jobs/job.js' {
  interface JobPayloads {
    'newsletter.audience': { campaignId: number };
    'newsletter.batch': { campaignId: number };
  }
}

/** Subscribers read and queued per statement when a campaign's recipients are listed. */
const AUDIENCE_CHUNK = 1000;
/** The most messages one run of a batch job sends: short runs hand the queue back often. */
const PER_RUN = 1000;
/** Messages handed to the SMTP server at the same time by one batch. */
const LANES = 8;
/** Tries of a message the SMTP server refused for now (4xx, no connection), and the wait between. */
const MESSAGE_ATTEMPTS = 3;
const RETRY_SECONDS = 600;

/** The key of a campaign's jobs: one waiting of each kind at a time. */
export const campaignKey = (campaignId: number) => `campaign:${campaignId}`;

/** Declares the two jobs that send campaigns, in their own queue. */
export function defineSendingJobs(runtime: Runtime, signer: NewsletterSigner): void {
  runtime.jobs.registry.defineQueue('newsletter', { concurrency: 2 });
  runtime.jobs.registry.define(
    AUDIENCE_JOB,
    async ({ campaignId }, ctx) => {
      const site = await siteOf(runtime, ctx);
      if (site) await queueAudience(runtime, site, campaignId);
    },
    { queue: 'newsletter', maxAttempts: 10 },
  );
  runtime.jobs.registry.define(
    BATCH_JOB,
    async ({ campaignId }, ctx) => {
      const site = await siteOf(runtime, ctx);
      if (site) await sendBatch(runtime, signer, site, campaignId, ctx);
    },
    { queue: 'newsletter', maxAttempts: 10 },
  );
}

async function siteOf(runtime: Runtime, ctx: JobContext): Promise<Site | null> {
  return ctx.siteId === null ? null : runtime.siteStore.findById(ctx.siteId);
}

/**
 * A campaign's start (now, or at its scheduled time): moves it to `sending`, queues one delivery
 * per recipient in chunks (a rerun after a crash skips those already queued), then starts the
 * batches. The recipients are who the audience holds when sending starts.
 */
export async function queueAudience(runtime: Runtime, site: Site, campaignId: number): Promise<void> {
  const db = runtime.data.site(site.id);
  const campaigns = new CampaignsRepo(db);
  const campaign = await campaigns.find(campaignId);
  if (!campaign) return;
  const now = new Date().toISOString();
  if (campaign.status === 'scheduled') {
    const moved = await campaigns.updateIn(campaignId, ['scheduled'], {
      status: 'sending',
      started_at: now,
      updated_at: now,
    });
    if (!moved) return;
  } else if (campaign.status !== 'sending') return;
  const deliveries = new DeliveriesRepo(db);
  const audience = readAudience(campaign.audience);
  for (let after = 0; ; ) {
    const chunk = await deliveries.audienceChunk(audience, after, AUDIENCE_CHUNK);
    await deliveries.queue(campaignId, chunk, now);
    const last = chunk[chunk.length - 1];
    if (!last || chunk.length < AUDIENCE_CHUNK) break;
    after = last.id;
  }
  await runtime.data.transaction(async () => {
    const count = await deliveries.count(campaignId);
    await campaigns.updateIn(campaignId, ['sending'], { recipient_count: count });
    await runtime.jobs.queue.enqueue(
      BATCH_JOB,
      { campaignId },
      { siteId: site.id, dedupeKey: campaignKey(campaignId) },
    );
  });
}

/**
 * One run of a campaign's batch: mails at most the site's `rate_per_minute` (and PER_RUN), then
 * queues the next run so that a minute holds no more, or marks the campaign sent when nobody is
 * left.
 *
 * Exactly-once: a delivery is mailed only by the run that moved it from `queued` to `sending`, and
 * recorded `sent` (or refused) right after the SMTP server answered. If the worker dies in between,
 * the row stays `sending` under this job's id: the queue runs the job again (its lease expired), and
 * that run marks such rows failed ("interrupted") instead of sending them again, since the message
 * may have gone. So a crash leaves at most one message in doubt per lane (LANES per crashed worker),
 * never a duplicate.
 */
export async function sendBatch(
  runtime: Runtime,
  signer: NewsletterSigner,
  site: Site,
  campaignId: number,
  ctx: Pick<JobContext, 'jobId' | 'attempt' | 'signal'>,
): Promise<void> {
  const db = runtime.data.site(site.id);
  const deliveries = new DeliveriesRepo(db, runtime.data.engine.supportsSkipLocked);
  const started = Date.now();
  if (ctx.attempt > 1) await deliveries.interrupt(campaignId, ctx.jobId, new Date().toISOString());
  const campaign = await new CampaignsRepo(db).find(campaignId);
  if (campaign?.status !== 'sending') return;
  const { rate_per_minute: rate } = await settingsOf(runtime, site, 'newsletter');
  const origin = siteUrlOf(runtime, site);
  const rendered = await renderCampaign(runtime, site, contentOfRow(campaign), origin);
  const mailer = new CampaignMailer(
    runtime,
    site,
    rendered,
    new TrackingLinks(signer, site.id, origin),
    origin,
  );
  const budget = Math.min(rate, PER_RUN);
  let taken = 0;
  const lane = async () => {
    while (taken < budget && !ctx.signal.aborted) {
      taken++;
      const delivery = await deliveries.claimOne(campaignId, ctx.jobId, new Date().toISOString());
      if (!delivery) {
        taken--;
        return;
      }
      await mailer.deliver(delivery, campaignId, ctx.jobId);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await next(runtime, site, campaignId, { taken, rate, started });
}

/** After a run: the next one, paced by the rate, or the campaign done. */
async function next(
  runtime: Runtime,
  site: Site,
  campaignId: number,
  run: { taken: number; rate: number; started: number },
): Promise<void> {
  const db = runtime.data.site(site.id);
  const now = new Date();
  const left = await new DeliveriesRepo(db).remaining(campaignId, now.toISOString());
  // The next run starts no sooner than a minute's share of what this one sent.
  const paced = new Date(run.started + Math.ceil((60_000 * run.taken) / run.rate));
  const enqueue = (runAt: Date) =>
    runtime.jobs.queue.enqueue(
      BATCH_JOB,
      { campaignId },
      { siteId: site.id, dedupeKey: campaignKey(campaignId), runAt },
    );
  if (left.queued > 0 || left.retryDue) await enqueue(paced > now ? paced : now);
  else if (left.nextRetry !== null) {
    const retry = new Date(left.nextRetry);
    await enqueue(retry > paced ? retry : paced);
  } else if (left.sending === 0) {
    // Rows still `sending` belong to another run, which finishes the campaign when it ends.
    const at = now.toISOString();
    await new CampaignsRepo(db).updateIn(campaignId, ['sending'], {
      status: 'sent',
      finished_at: at,
      updated_at: at,
    });
  }
}

/** What nodemailer's error says of an SMTP refusal. */
export interface SmtpFailure {
  responseCode?: number;
  response?: string;
  message?: string;
  /** The SMTP command refused (`RCPT TO`, `MAIL FROM`, `DATA`, `AUTH PLAIN`). */
  command?: string;
}

/**
 * Whether a refusal says the recipient's address is permanently bad: a 5xx to RCPT TO, or to DATA
 * with a mailbox status (5.1.x, 5.2.x). A 5xx to anything else is about the sender or the server
 * (a wrong password, a refused MAIL FROM, content policy): it must not mark every subscriber bounced,
 * so it counts as a failure that is tried again.
 */
export function isBounce(failure: SmtpFailure): boolean {
  const code = failure.responseCode ?? 0;
  if (code < 500 || code >= 600) return false;
  if (failure.command === 'RCPT TO') return true;
  return failure.command === 'DATA' && /\b5\.[12]\.\d{1,3}\b/.test(failure.response ?? '');
}

/** Hands a campaign's messages to the mailer and records each answer. */
class CampaignMailer {
  private readonly deliveries: DeliveriesRepo;

  constructor(
    private readonly runtime: Runtime,
    private readonly site: Site,
    private readonly rendered: RenderedCampaign,
    private readonly links: TrackingLinks,
    private readonly origin: string,
  ) {
    this.deliveries = new DeliveriesRepo(runtime.data.site(site.id));
  }

  async deliver(delivery: ClaimedDelivery, campaignId: number, jobId: number): Promise<void> {
    const manage =
      delivery.subscriber_id === null
        ? null
        : manageUrl(this.runtime, this.site, delivery.subscriber_id, this.origin);
    const mail = personalize(this.rendered, this.links, delivery.id, manage);
    const claim = { id: delivery.id, campaignId, jobId };
    try {
      const sent = await this.runtime.mailer.send({
        to: delivery.email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        fromName: this.rendered.fromName,
        headers: mail.headers,
      });
      await this.record(claim, { status: 'sent', response: sent.response, retryAt: null });
    } catch (error) {
      const failure = error as SmtpFailure;
      const response = failure.response ?? failure.message ?? String(error);
      if (isBounce(failure)) {
        // A permanent refusal: this address is not mailed again, by any campaign.
        await this.record(claim, { status: 'bounced', response, retryAt: null }, delivery.subscriber_id);
        return;
      }
      const retryAt =
        delivery.attempts < MESSAGE_ATTEMPTS
          ? new Date(Date.now() + RETRY_SECONDS * 1000 * delivery.attempts).toISOString()
          : null;
      await this.record(claim, { status: 'failed', response, retryAt });
    }
  }

  /** The answer and its event in one transaction; a bounce marks the subscriber too. */
  private record(
    claim: Parameters<DeliveriesRepo['settle']>[0],
    outcome: Parameters<DeliveriesRepo['settle']>[1],
    bouncedSubscriber: number | null = null,
  ): Promise<void> {
    return this.runtime.data.transaction(async () => {
      const at = new Date().toISOString();
      const settled = await this.deliveries.settle(claim, outcome, at);
      if (settled && outcome.status === 'bounced' && bouncedSubscriber !== null)
        await setSubscriberStatus(this.runtime.data.site(this.site.id), bouncedSubscriber, 'bounced', at);
    });
  }
}
