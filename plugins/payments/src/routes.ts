import type { PluginContext } from '@tessera/plugin';
import { inLanguage } from './errors.js';
import { MANAGE, REFUND, STATUSES, VIEW } from './model.js';
import type { PaymentsService } from './payments-service.js';
import type { stripeWebhooks } from './webhook.js';

/** The routes under /api/payments: the admin's list, detail and actions, and Stripe's webhook. */
export function paymentRoutes(
  plugin: PluginContext,
  payments: PaymentsService,
  webhooks: ReturnType<typeof stripeWebhooks>,
): void {
  const T = plugin.schema;
  const nullable = (schema: ReturnType<typeof T.String>) => T.Union([schema, T.Null()]);
  const Payment = T.Object({
    id: T.Integer(),
    purpose: T.String(),
    reference: T.String(),
    method: T.String(),
    amount: T.Integer(),
    currency: T.String(),
    description: T.String(),
    customer_email: nullable(T.String()),
    status: T.String(),
    amount_refunded: T.Integer(),
    provider_session_id: nullable(T.String()),
    provider_payment_intent: nullable(T.String()),
    created_at: T.String(),
    updated_at: T.String(),
    paid_at: nullable(T.String()),
  });
  const Refund = T.Object({
    id: T.Integer(),
    amount: T.Integer(),
    origin: T.String(),
    created_at: T.String(),
  });
  const Id = T.Object({ id: T.Integer({ minimum: 1 }) });
  const said = <R>(locale: string, work: () => Promise<R>) => inLanguage(plugin.errors, locale, work);

  plugin.routes.get(
    '/payments',
    {
      permission: VIEW,
      summary: 'The site’s payments, newest first: by status, purpose (the plugin) and reference',
      querystring: T.Object(
        {
          status: T.Optional(T.Union(STATUSES.map((status) => T.Literal(status)))),
          purpose: T.Optional(T.String({ maxLength: 40 })),
          reference: T.Optional(T.String({ maxLength: 100 })),
          page: T.Optional(T.Integer({ minimum: 1, default: 1 })),
          per_page: T.Optional(T.Integer({ minimum: 1, maximum: 100, default: 50 })),
        },
        { additionalProperties: false },
      ),
      response: T.Object({
        items: T.Array(Payment),
        total: T.Integer(),
        page: T.Integer(),
        per_page: T.Integer(),
      }),
    },
    (ctx, { query }) =>
      payments.list(ctx, {
        status: query.status,
        purpose: query.purpose,
        reference: query.reference,
        page: query.page ?? 1,
        perPage: query.per_page ?? 50,
      }),
  );

  plugin.routes.get(
    '/payments/:id',
    {
      permission: VIEW,
      summary: 'A payment with its refunds',
      params: Id,
      response: T.Composite([Payment, T.Object({ refunds: T.Array(Refund) })]),
    },
    (ctx, { params, locale }) => said(locale, () => payments.detail(ctx, params.id)),
  );

  plugin.routes.post(
    '/payments/:id/refund',
    {
      permission: REFUND,
      summary: 'Refund a paid payment in full or in part (amount in minor units; the rest when left out)',
      params: Id,
      body: T.Object({ amount: T.Optional(T.Integer({ minimum: 1 })) }, { additionalProperties: false }),
      response: Payment,
    },
    (ctx, { params, body, locale }) => said(locale, () => payments.refund(ctx, params.id, body?.amount)),
  );

  plugin.routes.post(
    '/payments/:id/received',
    {
      permission: MANAGE,
      summary: 'Mark a bank transfer or cash payment received: pending to paid',
      params: Id,
      response: Payment,
    },
    (ctx, { params, locale }) => said(locale, () => payments.markReceived(ctx, params.id)),
  );

  plugin.routes.post(
    '/payments/:id/cancel',
    {
      permission: MANAGE,
      summary: 'Cancel a pending payment (its provider page closed first)',
      params: Id,
      response: Payment,
    },
    (ctx, { params, locale }) => said(locale, () => payments.cancel(ctx, params.id)),
  );

  plugin.routes.post(
    '/stripe/webhook',
    {
      permission: 'public',
      summary: 'Stripe’s webhook endpoint: signed events of Checkout Sessions and refunds',
      rawBody: true,
      response: T.Object({ received: T.Boolean(), outcome: T.String() }),
    },
    (ctx, { rawBody, headers }) => {
      const signature = headers['stripe-signature'];
      return webhooks.receive(ctx, rawBody, Array.isArray(signature) ? signature.join(',') : signature);
    },
  );
}
