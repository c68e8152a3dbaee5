import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import { PageQuery } from '../../core/http/envelope.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import { inLanguage } from '../../core/i18n/in-language.js';
import { callerLanguage } from '../../core/i18n/language.js';
import type { Runtime } from '../../core/runtime.js';
import {
  DeliveryParams,
  DeliverySchema,
  WebhookCreateBody,
  WebhookEventSchema,
  WebhookParams,
  WebhookSchema,
  WebhookUpdateBody,
} from './schemas.js';
import type { DeliveryView, WebhooksService } from './service.js';

const signing =
  'Each delivery is a POST of `{event, timestamp, data}` with the headers X-Tessera-Event, X-Tessera-Delivery (the same on every attempt: drop duplicates by it), ' +
  'X-Tessera-Timestamp (Unix seconds) and X-Tessera-Signature: `sha256=` and the hex HMAC SHA-256, keyed by the secret, of `<timestamp>.<raw body>` (README, Webhooks).';

/** A delivery as the caller reads it: why each attempt failed, in their language when the server knows the words. */
function deliveryFor(request: FastifyRequest): (delivery: DeliveryView) => DeliveryView {
  const language = callerLanguage(request);
  return (delivery) => ({
    ...delivery,
    attempts: delivery.attempts.map((attempt) =>
      attempt.error === null ? attempt : { ...attempt, error: inLanguage(attempt.error, language) },
    ),
  });
}

/** /api/webhooks (webhooks.manage): subscriptions, their test ping and delivery log. */
export function webhookRoutes(app: App, runtime: Runtime, webhooks: WebhooksService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'webhooks');
  const manage = { permission: 'webhooks.manage' } as const;

  routes.get(
    '/api/webhooks/events',
    {
      ...manage,
      summary: 'The events webhooks of this site can subscribe to, with what each means',
      data: Type.Array(WebhookEventSchema),
    },
    (ctx) => webhooks.events(ctx),
  );
  routes.get(
    '/api/webhooks',
    { ...manage, summary: "The site's webhooks", data: Type.Array(WebhookSchema) },
    (ctx) => webhooks.list(ctx),
  );
  routes.get(
    '/api/webhooks/:id',
    { ...manage, summary: 'One webhook', params: WebhookParams, data: WebhookSchema },
    (ctx, { params }) => webhooks.get(ctx, params.id),
  );
  routes.post(
    '/api/webhooks',
    {
      ...manage,
      summary: 'Create a webhook; the answer carries its secret, this once',
      description: `Targets on private, loopback or link-local addresses are refused (422 errors.url) unless the webhooks setting allow_private_targets is on; names are checked again on every connection. ${signing}`,
      body: WebhookCreateBody,
      data: WebhookSchema,
      status: 201,
    },
    (ctx, { body }) => webhooks.create(ctx, body),
  );
  routes.put(
    '/api/webhooks/:id',
    {
      ...manage,
      summary: 'Change a webhook: only the fields sent; a new secret is answered this once',
      params: WebhookParams,
      body: WebhookUpdateBody,
      data: WebhookSchema,
    },
    (ctx, { params, body }) => webhooks.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/webhooks/:id',
    { ...manage, summary: 'Delete a webhook and its delivery log', params: WebhookParams },
    (ctx, { params }) => webhooks.delete(ctx, params.id),
  );
  routes.post(
    '/api/webhooks/:id/ping',
    {
      ...manage,
      summary: 'Send a webhook.ping now and answer how the receiver took it',
      params: WebhookParams,
      data: DeliverySchema,
    },
    async (ctx, { params, request }) => deliveryFor(request)(await webhooks.ping(ctx, params.id)),
  );
  routes.list(
    '/api/webhooks/:id/deliveries',
    {
      ...manage,
      summary: 'The delivery log of a webhook, newest first, each with its attempts',
      description:
        'A failed attempt is tried again after the webhooks setting retry_delays_seconds (default 30 s, 2 min, 10 min, 30 min, 1 h, 3 h: 7 attempts); later deliveries wait, so they arrive in order.',
      params: WebhookParams,
      querystring: Type.Object(PageQuery(), { additionalProperties: false }),
      data: DeliverySchema,
    },
    async (ctx, { params, query, request }) => {
      const found = await webhooks.deliveries(ctx, params.id, query.page, query.limit);
      return { ...found, items: found.items.map(deliveryFor(request)) };
    },
  );
  routes.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      ...manage,
      summary: 'Send a logged delivery again (same body and delivery id), in order with the others',
      params: DeliveryParams,
      data: DeliverySchema,
      status: 202,
    },
    async (ctx, { params, request }) =>
      deliveryFor(request)(await webhooks.redeliver(ctx, params.id, params.deliveryId)),
  );
}
