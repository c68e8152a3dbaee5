import type { PluginContext, PluginOperation } from '@tessera/plugin';
import type {
  Payment,
  PaymentMethod,
  PaymentMethodOffer,
  PaymentRefund,
  StartedPayment,
  StartPayment,
} from './api.js';
import { failures } from './errors.js';
import { MANAGE, MANUAL_METHODS, REFUND, REFUNDABLE } from './model.js';
import type { PaymentOutcomes } from './outcomes.js';
import {
  findPayment,
  findPendingTwin,
  insertPayment,
  insertRefund,
  listPayments,
  markCancelling,
  nextAttempt,
  type PaymentFilters,
  type PaymentRow,
  type PaymentsDb,
  type PaymentsTables,
  paymentOf,
  type RefundRow,
  refundOf,
  refundsOf,
  releaseRefund,
  reserveRefund,
  setSession,
  settleRefund,
} from './repo.js';
import type { PaymentsSettings } from './settings.js';
import { checkStart } from './start-input.js';
import { checkoutParams } from './stripe/checkout.js';
import type { StripeClient, StripeKeys } from './stripe/client.js';
import { wordsFor } from './words.js';

/**
 * The operations on payments, called alike by the plugin's routes and by the plugins that require
 * it (`PaymentsApi`). Provider requests are made outside any transaction of the plugin's own (a
 * buyer waiting on Stripe holds no lock), each with an idempotency key derived from our row.
 */
export function paymentsService(plugin: PluginContext, stripe: StripeClient, outcomes: PaymentOutcomes) {
  const fail = failures(plugin.errors);
  const db = (ctx: PluginOperation): PaymentsDb => plugin.db<PaymentsTables>(ctx);
  const settingsOf = (ctx: PluginOperation) => plugin.settings.read<PaymentsSettings>(ctx);

  /** Idempotency keys name the site by its domain: two installations sharing an account never collide. */
  const keyOf = (ctx: PluginOperation, ...parts: Array<string | number>) =>
    ['tessera', ctx.site.primary_domain, ...parts].join('/');

  function stripeKeys(settings: PaymentsSettings): StripeKeys | null {
    if (settings.provider !== 'stripe' || typeof settings.stripe_secret_key !== 'string') return null;
    return { secretKey: settings.stripe_secret_key, apiBase: settings.stripe_api_base };
  }

  function offered(settings: PaymentsSettings, method: PaymentMethod): boolean {
    if (method === 'stripe') return stripeKeys(settings) !== null;
    return settings[method] === true;
  }

  function instructionsOf(settings: PaymentsSettings, method: PaymentMethod): string {
    if (method === 'bank_transfer') return settings.bank_transfer_instructions;
    if (method === 'cash_on_delivery') return settings.cash_on_delivery_instructions;
    return '';
  }

  async function found(ctx: PluginOperation, id: number): Promise<PaymentRow> {
    const row = await findPayment(db(ctx), id);
    if (!row) throw fail('payment_not_found');
    return row;
  }

  const allow = (ctx: PluginOperation, permission: string) => {
    if (!ctx.actor.access.allows(permission))
      throw new plugin.errors.Forbidden(`You need ${permission}.`, 'forbidden');
  };

  async function methods(ctx: PluginOperation, locale?: string): Promise<PaymentMethodOffer[]> {
    const settings = await settingsOf(ctx);
    const words = wordsFor(locale ?? ctx.site.default_locale);
    return (['stripe', ...MANUAL_METHODS] as PaymentMethod[])
      .filter((method) => offered(settings, method))
      .map((method) => ({
        method,
        label: words.method[method],
        redirects: method === 'stripe',
        instructions: instructionsOf(settings, method),
      }));
  }

  async function start(ctx: PluginOperation, input: StartPayment): Promise<StartedPayment> {
    const checked = checkStart(plugin.errors, input);
    const settings = await settingsOf(ctx);
    if (!offered(settings, checked.method)) {
      if (checked.method === 'stripe' && settings.provider === 'stripe')
        throw fail('payments_not_configured');
      throw fail('payments_method_unavailable');
    }
    const row = await ctx.transaction(
      async (tx) =>
        (await findPendingTwin(db(tx), checked.payment)) ?? (await insertPayment(db(tx), checked.payment)),
    );
    if (checked.method !== 'stripe')
      return { id: row.id, status: row.status, instructions: instructionsOf(settings, checked.method) };
    if (row.provider_session_id && row.redirect_url)
      return { id: row.id, status: row.status, redirectUrl: row.redirect_url };

    const keys = stripeKeys(settings) as StripeKeys;
    const metadata = { tessera_payment: String(row.id), tessera_site: String(ctx.site.id) };
    const answer = await stripe.createCheckoutSession(
      ctx,
      keys,
      checkoutParams({
        mode: 'payment',
        currency: checked.payment.currency,
        lines: checked.lines,
        successUrl: checked.successUrl,
        cancelUrl: checked.cancelUrl,
        customerEmail: checked.payment.customer_email,
        metadata,
        clientReferenceId: String(row.id),
      }),
      keyOf(ctx, 'payment', row.id, row.attempt),
    );
    if (!answer.ok) {
      if (answer.kept) await nextAttempt(db(ctx), row.id);
      throw fail(answer.code, answer.detail ?? undefined);
    }
    await setSession(db(ctx), row.id, { id: answer.value.id, url: answer.value.url });
    return { id: row.id, status: row.status, ...(answer.value.url ? { redirectUrl: answer.value.url } : {}) };
  }

  async function get(ctx: PluginOperation, id: number): Promise<Payment> {
    return paymentOf(await found(ctx, id));
  }

  async function detail(ctx: PluginOperation, id: number): Promise<Payment & { refunds: PaymentRefund[] }> {
    const row = await found(ctx, id);
    const refunds = (await refundsOf(db(ctx), row.id)).filter((refund) => refund.status === 'succeeded');
    return { ...paymentOf(row), refunds: refunds.map(refundOf) };
  }

  async function list(ctx: PluginOperation, filters: PaymentFilters) {
    const { rows, total } = await listPayments(db(ctx), filters);
    return { items: rows.map(paymentOf), total, page: filters.page, per_page: filters.perPage };
  }

  /** Asks the provider for a refund row still pending (again, with the same key, after a lost answer). */
  async function askProvider(ctx: PluginOperation, row: PaymentRow, refund: RefundRow): Promise<void> {
    const keys = stripeKeys(await settingsOf(ctx));
    if (!keys || !row.provider_payment_intent) {
      await ctx.transaction(async (tx) => {
        if (await settleRefund(db(tx), refund.id, 'failed', null))
          await releaseRefund(db(tx), row.id, Number(refund.amount));
      });
      throw fail(keys ? 'payments_not_refundable' : 'payments_not_configured');
    }
    const answer = await stripe.createRefund(
      ctx,
      keys,
      {
        payment_intent: row.provider_payment_intent,
        amount: Number(refund.amount),
        metadata: { tessera_payment: String(row.id), tessera_refund: String(refund.id) },
      },
      keyOf(ctx, 'refund', refund.id),
    );
    if (answer.ok && answer.value.status !== 'failed' && answer.value.status !== 'canceled') {
      await ctx.transaction((tx) => outcomes.confirmRefund(tx, refund, answer.value.id));
      return;
    }
    // No answer: the refund may have been made. It stays pending, its amount held, until the next
    // refund of this payment asks again with the same key (Stripe then answers what it did).
    if (!answer.ok && !answer.answered) throw fail(answer.code);
    await ctx.transaction(async (tx) => {
      if (await settleRefund(db(tx), refund.id, 'failed', null))
        await releaseRefund(db(tx), row.id, Number(refund.amount));
    });
    throw answer.ok ? fail('payments_provider_refused') : fail(answer.code, answer.detail ?? undefined);
  }

  async function refund(ctx: PluginOperation, id: number, amount?: number): Promise<Payment> {
    allow(ctx, REFUND);
    let row = await found(ctx, id);
    if (row.method === 'stripe')
      for (const waiting of await refundsOf(db(ctx), row.id))
        if (waiting.status === 'pending' && waiting.origin === 'site') await askProvider(ctx, row, waiting);
    row = await found(ctx, id);
    if (!REFUNDABLE.includes(row.status)) throw fail('payments_not_refundable');
    const left = Number(row.amount) - Number(row.amount_refunded) - Number(row.refund_pending);
    const asked = amount ?? left;
    if (!Number.isInteger(asked) || asked < 1)
      throw plugin.errors.ValidationFailed.field('amount', 'Refund at least 1, in minor units.');
    if (asked > left) throw fail('payments_refund_too_large');

    const pending = await ctx.transaction(async (tx) => {
      if (!(await reserveRefund(db(tx), row.id, asked))) throw fail('payments_refund_too_large');
      const made = await insertRefund(db(tx), {
        payment_id: row.id,
        amount: asked,
        status: 'pending',
        origin: 'site',
        provider_refund_id: null,
      });
      // Money given back by hand is given back: nothing to ask anyone.
      if (row.method !== 'stripe') await outcomes.confirmRefund(tx, made, null);
      return made;
    });
    if (row.method === 'stripe') await askProvider(ctx, row, pending);
    return get(ctx, id);
  }

  async function markReceived(ctx: PluginOperation, id: number): Promise<Payment> {
    allow(ctx, MANAGE);
    const row = await found(ctx, id);
    if (!MANUAL_METHODS.includes(row.method)) throw fail('payments_not_manual');
    const moved = await ctx.transaction((tx) => outcomes.settle(tx, row, 'paid'));
    if (!moved) throw fail('payments_not_pending');
    return get(ctx, id);
  }

  async function cancel(ctx: PluginOperation, id: number): Promise<Payment> {
    const row = await found(ctx, id);
    if (row.status !== 'pending') throw fail('payments_not_pending');
    if (row.method === 'stripe' && row.provider_session_id) {
      const keys = stripeKeys(await settingsOf(ctx));
      if (!keys) throw fail('payments_not_configured');
      // Closed at the provider first, so a buyer still on its page cannot pay a cancelled payment;
      // marked before, so the provider's expiry event, which may arrive before its answer, says so.
      await markCancelling(db(ctx), row.id, true);
      const answer = await stripe.expireCheckoutSession(
        ctx,
        keys,
        row.provider_session_id,
        keyOf(ctx, 'expire', row.id),
      );
      if (!answer.ok) {
        await markCancelling(db(ctx), row.id, false);
        if (answer.code === 'payments_provider_refused') throw fail('payments_not_pending');
        throw fail(answer.code, answer.detail ?? undefined);
      }
    }
    await ctx.transaction((tx) => outcomes.settle(tx, row, 'cancelled'));
    const payment = await get(ctx, id);
    if (payment.status !== 'cancelled') throw fail('payments_not_pending');
    return payment;
  }

  return { methods, start, get, detail, list, refund, markReceived, cancel };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
