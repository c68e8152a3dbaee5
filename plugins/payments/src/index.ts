import { definePlugin } from '@tessera/plugin';
import type { PaymentsApi } from './api.js';
import { explain } from './errors.js';
import { MANAGE, REFUND, VIEW } from './model.js';
import { paymentOutcomes } from './outcomes.js';
import { paymentsService } from './payments-service.js';
import { paymentRoutes } from './routes.js';
import { checkSettings, DEFAULTS, SECRETS, settingsSchema } from './settings.js';
import { stripeClient } from './stripe/client.js';
import { stripeWebhooks } from './webhook.js';

/**
 * Tessera's payments plugin: the one place that takes money, for the shop now and the members'
 * paid plans later. Stripe Checkout (the buyer pays on Stripe's page, the outcome arrives in signed
 * webhooks, handled exactly once) or a manual method (bank transfer, cash on delivery) settled by
 * hand; refunds in full or in part. Other plugins call it through `PaymentsApi` (api.ts) and hear
 * of each outcome in the `payments.*` hooks (hooks.d.ts).
 */
export default definePlugin((plugin) => {
  plugin.permissions.register(VIEW, 'See payments and their refunds');
  plugin.permissions.register(REFUND, 'Refund payments, in full or in part');
  plugin.permissions.register(
    MANAGE,
    'Mark bank transfers and cash payments received, cancel pending payments',
  );
  plugin.settings.define(settingsSchema(plugin), DEFAULTS, {
    secrets: SECRETS,
    description: 'How buyers pay: Stripe’s keys, bank transfer and cash on delivery',
    check: checkSettings,
  });
  for (const outcome of ['paid', 'failed', 'expired', 'cancelled', 'refunded'])
    plugin.hooks.declare(`payments.${outcome}`, 'transaction');
  plugin.events.declare('payment.paid', { description: 'A payment was confirmed: the money arrived' });
  plugin.events.declare('payment.failed', { description: 'A payment failed after the buyer left' });
  plugin.events.declare('payment.expired', {
    description: 'A buyer never paid and the payment page expired',
  });
  plugin.events.declare('payment.cancelled', { description: 'A pending payment was cancelled' });
  plugin.events.declare('payment.refunded', {
    description: 'Money went back to the buyer, in full or in part',
  });

  const outcomes = paymentOutcomes(plugin);
  const payments = paymentsService(plugin, stripeClient(plugin), outcomes);
  paymentRoutes(plugin, payments, stripeWebhooks(plugin, outcomes));

  const api: PaymentsApi = {
    methods: payments.methods,
    start: payments.start,
    get: payments.get,
    refund: payments.refund,
    markReceived: payments.markReceived,
    cancel: payments.cancel,
    explain: (_ctx, error, locale) => explain(error, locale),
  };
  plugin.api.provide(api);
});
