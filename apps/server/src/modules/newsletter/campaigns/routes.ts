import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../../core/http/app-type.js';
import { ErrorBody } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import type { DeliveryStatus } from '../tables.js';
import type { CampaignReports } from './report.js';
import {
  CampaignCreateBody,
  CampaignListQuery,
  CampaignParams,
  CampaignSchema,
  CampaignUpdateBody,
  PreviewSchema,
  RecipientListQuery,
  RecipientSchema,
  ReportSchema,
  SendBody,
  TestBody,
  TestSentSchema,
} from './schemas.js';
import type { CampaignsService } from './service.js';

const BASE = '/api/newsletter/campaigns';

/** /api/newsletter/campaigns: drafts and their preview and test (newsletter.manage), sending (newsletter.send), reports. */
export function campaignApiRoutes(
  app: App,
  runtime: Runtime,
  campaigns: CampaignsService,
  reports: CampaignReports,
): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'newsletter');
  const manage = { permission: 'newsletter.manage' } as const;
  const send = { permission: 'newsletter.send' } as const;
  const one = { params: CampaignParams, data: CampaignSchema };

  routes.list(
    BASE,
    {
      ...manage,
      summary: "The site's campaigns, newest first",
      querystring: CampaignListQuery,
      data: CampaignSchema,
    },
    (ctx, { query }) => campaigns.list(ctx, query),
  );
  routes.post(
    BASE,
    {
      ...manage,
      summary: 'Write a campaign (a draft)',
      description:
        'The body is a block tree of email blocks only; another block is refused with 422 at its path (`blocks[1].type`).',
      body: CampaignCreateBody,
      data: CampaignSchema,
      status: 201,
    },
    (ctx, { body }) => campaigns.create(ctx, body),
  );
  routes.get(
    `${BASE}/:id`,
    { ...manage, ...one, summary: 'One campaign, with its totals once sending started' },
    (ctx, { params }) => campaigns.get(ctx, params.id),
  );
  routes.patch(
    `${BASE}/:id`,
    {
      ...manage,
      ...one,
      summary: 'Change a draft or scheduled campaign (409 once it started)',
      body: CampaignUpdateBody,
    },
    (ctx, { params, body }) => campaigns.update(ctx, params.id, body),
  );
  routes.delete(
    `${BASE}/:id`,
    {
      ...manage,
      summary: 'Delete a draft or scheduled campaign (409 once it started)',
      params: CampaignParams,
    },
    (ctx, { params }) => campaigns.delete(ctx, params.id),
  );
  routes.post(
    `${BASE}/:id/preview`,
    {
      ...manage,
      summary: 'The message as a recipient gets it, with a sample unsubscribe and click links',
      params: CampaignParams,
      data: PreviewSchema,
    },
    (ctx, { params }) => campaigns.preview(ctx, params.id),
  );
  routes.post(
    `${BASE}/:id/test`,
    {
      ...manage,
      summary: "Send the message to your own address (and no other's)",
      params: CampaignParams,
      body: TestBody,
      data: TestSentSchema,
      status: 202,
    },
    (ctx, { params, body }) => campaigns.sendTest(ctx, params.id, body?.to),
  );
  routes.post(
    `${BASE}/:id/send`,
    {
      ...send,
      ...one,
      summary: 'Send now, or schedule at `at`',
      description:
        "Sent in batches through the job queue, at most the newsletter setting rate_per_minute a minute, to the audience's subscribed subscribers.",
      body: SendBody,
      status: 202,
    },
    (ctx, { params, body }) => campaigns.send(ctx, params.id, body?.at),
  );
  routes.post(
    `${BASE}/:id/cancel`,
    { ...send, ...one, summary: 'A scheduled campaign back to draft; a sending one stops (cancelled)' },
    (ctx, { params }) => campaigns.cancel(ctx, params.id),
  );
  routes.get(
    `${BASE}/:id/report`,
    {
      ...manage,
      summary: 'Totals, events per hour and the links followed',
      params: CampaignParams,
      data: ReportSchema,
    },
    (ctx, { params }) => reports.report(ctx, params.id),
  );
  routes.list(
    `${BASE}/:id/recipients`,
    {
      ...manage,
      summary: "The campaign's recipients and what happened to each",
      params: CampaignParams,
      querystring: RecipientListQuery,
      data: RecipientSchema,
    },
    (ctx, { params, query }) => reports.recipients(ctx, params.id, query),
  );

  app.get(
    `${BASE}/:id/recipients.csv`,
    {
      config: manage,
      schema: {
        tags: ['newsletter'],
        summary: 'The recipients as CSV (cells a spreadsheet would run as formulas are neutralised)',
        params: CampaignParams,
        querystring: Type.Object(
          { status: Type.Optional(RecipientListQuery.properties.status) },
          { additionalProperties: false },
        ),
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV with a header row', content: { 'text/csv': { schema: Type.String() } } },
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const { id } = request.params as { id: number };
      const { status } = request.query as { status?: DeliveryStatus };
      const ctx = operationOf(runtime, request);
      const lines = await reports.csv(ctx, id, status);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${id}-recipients.csv"`);
      return reply.send(Readable.from(lines));
    },
  );
}
