import type { Static } from '@sinclair/typebox';
import { requirePermission } from '../../../core/access/actor.js';
import { recordActivity } from '../../../core/activity/record.js';
import { writeJson } from '../../../core/db/engine.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../../core/errors.js';
import type { Page } from '../../../core/http/envelope.js';
import { enqueueSiteMail } from '../../../core/mail/mail-job.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { siteUrlOf } from '../../email-templates/site-mail.js';
import { authorAddresses } from '../../identity/users/bylines.js';
import type { NewsletterSigner } from '../signing.js';
import { manageUrl } from '../subscribers/links.js';
import type { CampaignStatus } from '../tables.js';
import { checkCampaignBlocks } from './campaign-blocks.js';
import { personalize, renderCampaign } from './campaign-mail.js';
import { type CampaignView, campaignView, contentOfRow, readAudience } from './campaign-row.js';
import { TrackingLinks } from './links.js';
import { type CampaignRow, CampaignsRepo } from './repo.js';
import type { CampaignCreateBody, CampaignUpdateBody } from './schemas.js';
import { AUDIENCE_JOB, BATCH_JOB, campaignKey } from './sending.js';

const MANAGE = 'newsletter.manage';
const SEND = 'newsletter.send';
/** What may still change: a campaign not yet started. */
const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];

/** Campaigns: drafts, their preview and test, sending now or later, cancelling. */
export class CampaignsService {
  constructor(
    private readonly runtime: Runtime,
    private readonly signer: NewsletterSigner,
  ) {}

  async list(
    ctx: OperationContext,
    query: { page: number; limit: number; status?: CampaignStatus | undefined },
  ): Promise<Page<CampaignView>> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new CampaignsRepo(ctx.db);
    const { rows, total } = await repo.page(query.page, query.limit, query.status);
    const counts = await repo.statusCounts(rows.map((row) => row.id));
    return { items: rows.map((row) => campaignView(row, counts.get(row.id) ?? {})), total };
  }

  async get(ctx: OperationContext, id: number): Promise<CampaignView> {
    requirePermission(ctx.actor, MANAGE);
    const row = await this.find(ctx, id);
    const counts = await new CampaignsRepo(ctx.db).statusCounts([id]);
    return campaignView(row, counts.get(id) ?? {});
  }

  async create(ctx: OperationContext, input: Static<typeof CampaignCreateBody>): Promise<CampaignView> {
    requirePermission(ctx.actor, MANAGE);
    const blocks = checkCampaignBlocks(input.blocks ?? []);
    const at = new Date().toISOString();
    return ctx.transaction(async () => {
      const repo = new CampaignsRepo(ctx.db);
      const id = await repo.insert({
        subject: input.subject,
        preheader: input.preheader ?? '',
        from_name: input.from_name ?? '',
        audience: writeJson(input.audience ?? { lists: [], language: null }),
        blocks: writeJson(blocks),
        status: 'draft',
        created_by: ctx.actor.userId,
        created_at: at,
        updated_at: at,
      });
      await this.record(ctx, 'newsletter_campaign.created', id, { subject: input.subject });
      return campaignView(await this.find(ctx, id));
    });
  }

  async update(
    ctx: OperationContext,
    id: number,
    input: Static<typeof CampaignUpdateBody>,
  ): Promise<CampaignView> {
    requirePermission(ctx.actor, MANAGE);
    const blocks = input.blocks === undefined ? undefined : checkCampaignBlocks(input.blocks);
    return ctx.transaction(async () => {
      const row = await this.find(ctx, id);
      const changed = await new CampaignsRepo(ctx.db).updateIn(id, EDITABLE, {
        ...(input.subject === undefined ? {} : { subject: input.subject }),
        ...(input.preheader === undefined ? {} : { preheader: input.preheader }),
        ...(input.from_name === undefined ? {} : { from_name: input.from_name }),
        ...(input.audience === undefined ? {} : { audience: writeJson(input.audience) }),
        ...(blocks === undefined ? {} : { blocks: writeJson(blocks) }),
        updated_at: new Date().toISOString(),
      });
      if (!changed) throw started(row);
      await this.record(ctx, 'newsletter_campaign.updated', id, { fields: Object.keys(input).sort() });
      return campaignView(await this.find(ctx, id));
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    await ctx.transaction(async () => {
      const row = await this.find(ctx, id);
      if (row.status === 'scheduled') requirePermission(ctx.actor, SEND);
      if (!(await new CampaignsRepo(ctx.db).deleteIn(id, EDITABLE))) throw started(row);
      await this.runtime.jobs.queue.cancelByKey(AUDIENCE_JOB, campaignKey(id), ctx.site.id);
      await this.record(ctx, 'newsletter_campaign.deleted', id, { subject: row.subject });
    });
  }

  /** The message a recipient gets, as sent, with a sample recipient's links. */
  async preview(ctx: OperationContext, id: number): Promise<{ subject: string; html: string; text: string }> {
    requirePermission(ctx.actor, MANAGE);
    const row = await this.find(ctx, id);
    const origin = siteUrlOf(this.runtime, ctx.site);
    const rendered = await renderCampaign(this.runtime, ctx.site, contentOfRow(row), origin);
    const links = new TrackingLinks(this.signer, ctx.site.id, origin);
    // Subscriber 0 and delivery 0: the sample links, signed as a recipient's are.
    const sample = manageUrl(this.runtime, ctx.site, 0, origin);
    const { subject, html, text } = personalize(rendered, links, 0, sample);
    return { subject, html, text };
  }

  /** Queues the preview to the signed-in user's own address, and no other. */
  async sendTest(ctx: OperationContext, id: number, to: string | undefined): Promise<{ to: string }> {
    requirePermission(ctx.actor, MANAGE);
    const userId = ctx.actor.userId;
    const self =
      userId === null ? undefined : (await authorAddresses(this.runtime.data, [userId])).get(userId);
    if (!self)
      throw new Forbidden('A test is sent to your own address: sign in as a user.', 'test_needs_user');
    if (to !== undefined && to.trim().toLowerCase() !== self.email.toLowerCase())
      throw ValidationFailed.field('to', 'A test is sent to your own address only.', 'test_to_self_only');
    const mail = await this.preview(ctx, id);
    await enqueueSiteMail(this.runtime.jobs.queue, this.runtime.secrets, ctx.site, {
      to: self.email,
      ...mail,
    });
    return { to: self.email };
  }

  /** Sends now, or at `at`: the audience is listed when sending starts. */
  async send(ctx: OperationContext, id: number, at: string | undefined): Promise<CampaignView> {
    requirePermission(ctx.actor, SEND);
    const when = at === undefined ? null : new Date(at);
    if (when && Number.isNaN(when.getTime()))
      throw ValidationFailed.field('at', 'Expected an ISO 8601 time.');
    const later = when !== null && when.getTime() > Date.now();
    return ctx.transaction(async () => {
      const row = await this.find(ctx, id);
      const content = contentOfRow(row);
      if (content.blocks.length === 0)
        throw ValidationFailed.field(
          'blocks',
          'A campaign needs a body before it is sent.',
          'campaign_empty',
        );
      const now = new Date().toISOString();
      const moved = await new CampaignsRepo(ctx.db).updateIn(
        id,
        EDITABLE,
        later
          ? { status: 'scheduled', scheduled_at: (when as Date).toISOString(), updated_at: now }
          : { status: 'sending', scheduled_at: null, started_at: now, updated_at: now },
      );
      if (!moved) throw started(row);
      const key = campaignKey(id);
      await this.runtime.jobs.queue.cancelByKey(AUDIENCE_JOB, key, ctx.site.id);
      await ctx.jobs.enqueue(
        AUDIENCE_JOB,
        { campaignId: id },
        { dedupeKey: key, ...(later ? { runAt: when as Date } : {}) },
      );
      await this.record(ctx, later ? 'newsletter_campaign.scheduled' : 'newsletter_campaign.sent', id, {
        subject: row.subject,
        ...(later ? { at: (when as Date).toISOString() } : {}),
        audience: readAudience(row.audience),
      });
      return campaignView(await this.find(ctx, id));
    });
  }

  /**
   * Calls a campaign off: a scheduled one goes back to draft (to be changed, or sent later); one
   * sending stops, cancelled, who was not mailed yet is not.
   */
  async cancel(ctx: OperationContext, id: number): Promise<CampaignView> {
    requirePermission(ctx.actor, SEND);
    return ctx.transaction(async () => {
      const row = await this.find(ctx, id);
      const repo = new CampaignsRepo(ctx.db);
      const now = new Date().toISOString();
      const key = campaignKey(id);
      if (row.status === 'scheduled') {
        await repo.updateIn(id, ['scheduled'], { status: 'draft', scheduled_at: null, updated_at: now });
        await this.runtime.jobs.queue.cancelByKey(AUDIENCE_JOB, key, ctx.site.id);
      } else if (row.status === 'sending') {
        await repo.updateIn(id, ['sending'], { status: 'cancelled', finished_at: now, updated_at: now });
        await this.runtime.jobs.queue.cancelByKey(BATCH_JOB, key, ctx.site.id);
      } else
        throw new Conflict(
          `Campaign ${id} is neither scheduled nor sending: there is nothing to cancel.`,
          'campaign_not_cancellable',
        );
      await this.record(ctx, 'newsletter_campaign.cancelled', id, { subject: row.subject, was: row.status });
      return campaignView(await this.find(ctx, id));
    });
  }

  async find(ctx: OperationContext, id: number): Promise<CampaignRow> {
    const row = await new CampaignsRepo(ctx.db).find(id);
    if (!row) throw new NotFound(`Campaign ${id}`, 'campaign_not_found');
    return row;
  }

  private record(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'newsletter_campaign',
      subjectId: id,
      ip: ctx.actor.ip,
      details,
    });
  }
}

/** A campaign that started sending (or ended) no longer changes. */
function started(row: CampaignRow): Conflict {
  return new Conflict(
    `Campaign ${row.id} has started sending: only a draft or scheduled campaign can be changed or deleted.`,
    'campaign_not_editable',
  );
}
