import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { failures } from './errors.js';
import type { PaymentOutcomes } from './outcomes.js';
import {
  findByProviderId,
  findPayment,
  findRefund,
  type PaymentRow,
  type PaymentsDb,
  type PaymentsTables,
  recordEvent,
  setIntent,
} from './repo.js';
import type { PaymentsSettings } from './settings.js';
import type { Charge, CheckoutSession, Refund, StripeEvent } from './stripe/client.js';
import { checkSignature } from './stripe/signature.js';

/** The events the plugin acts on; any other is answered 200 and left alone. */
const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'refund.created',
  'refund.updated',
]);

export interface WebhookAnswer {
  received: true;
  /** What became of it: acted on, seen before, a type left alone, or naming no payment of this site. */
  outcome: 'handled' | 'duplicate' | 'ignored' | 'unknown_payment';
}

/**
 * Stripe's webhooks, exactly once: the signature checked on the bytes as sent, then in one
 * transaction the event's id recorded (unique per site) and its change applied. A duplicate finds
 * its id recorded and changes nothing; an event arriving late finds the payment moved past it
 * (statuses only move forward). A purpose plugin's hook that throws rolls it all back, the event
 * id included, so Stripe's next delivery tries again.
 */
export function stripeWebhooks(plugin: PluginContext, outcomes: PaymentOutcomes) {
  const fail = failures(plugin.errors);
  const db = (ctx: PluginOperation): PaymentsDb => plugin.db<PaymentsTables>(ctx);

  /** Our payment a session names: by its id, else by the ids we wrote on it (the answer we lost). */
  async function paymentOfSession(
    ctx: PluginOperation,
    session: CheckoutSession,
  ): Promise<PaymentRow | undefined> {
    const bySession = await findByProviderId(db(ctx), 'provider_session_id', session.id);
    if (bySession) return bySession;
    const metadata = session.metadata ?? {};
    if (metadata.tessera_site !== String(ctx.site.id)) return undefined;
    const row = await findPayment(db(ctx), Number(metadata.tessera_payment));
    return row && row.method === 'stripe' && row.provider_session_id === null ? row : undefined;
  }

  async function onSession(ctx: PluginOperation, type: string, session: CheckoutSession): Promise<boolean> {
    const row = await paymentOfSession(ctx, session);
    if (!row) return false;
    if (typeof session.payment_intent === 'string') await setIntent(db(ctx), row.id, session.payment_intent);
    const paid = type.endsWith('.completed')
      ? session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      : type.endsWith('.async_payment_succeeded');
    if (paid) {
      // Our session asked for this amount; anything else is not the payment we made.
      if (session.amount_total !== Number(row.amount) || session.currency?.toUpperCase() !== row.currency) {
        plugin.log.error(
          { payment: row.id, session: session.id },
          'a paid session does not match its payment',
        );
        return true;
      }
      await outcomes.settle(ctx, row, 'paid');
    } else if (type.endsWith('.async_payment_failed')) await outcomes.settle(ctx, row, 'failed');
    // The expiry the site asked for, closing the page of a payment it cancels, is that cancellation.
    else if (type.endsWith('.expired'))
      await outcomes.settle(ctx, row, row.cancel_requested_at ? 'cancelled' : 'expired');
    // completed with payment_status unpaid: a bank debit under way; its async_payment_* event follows.
    return true;
  }

  async function onChargeRefunded(ctx: PluginOperation, charge: Charge): Promise<boolean> {
    if (typeof charge.payment_intent !== 'string') return false;
    const row = await findByProviderId(db(ctx), 'provider_payment_intent', charge.payment_intent);
    if (!row) return false;
    // What we know of already, counting the refunds we asked for and await an answer for.
    const known = Number(row.amount_refunded) + Number(row.refund_pending);
    const refunded = Math.min(Number(charge.amount_refunded), Number(row.amount));
    if (refunded > known) await outcomes.recordOutsideRefund(ctx, row, refunded - known);
    return true;
  }

  async function onRefund(ctx: PluginOperation, refund: Refund): Promise<boolean> {
    const id = Number(refund.metadata?.tessera_refund);
    const row = Number.isInteger(id) ? await findRefund(db(ctx), id) : undefined;
    if (row?.status !== 'pending') return row !== undefined;
    if (refund.status === 'succeeded' || refund.status === 'pending')
      await outcomes.confirmRefund(ctx, row, refund.id);
    return true;
  }

  async function receive(
    ctx: PluginOperation,
    rawBody: Buffer | null,
    signature: string | undefined,
  ): Promise<WebhookAnswer> {
    const settings = await plugin.settings.read<PaymentsSettings>(ctx);
    const secret = settings.stripe_webhook_secret;
    if (!rawBody || typeof secret !== 'string') throw fail('payments_signature_invalid');
    const check = checkSignature(rawBody, signature, secret, Math.floor(Date.now() / 1000));
    if (check !== 'valid') {
      plugin.log.warn({ check }, 'a webhook whose signature does not hold was refused');
      throw fail('payments_signature_invalid');
    }
    let event: StripeEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as StripeEvent;
    } catch {
      throw fail('payments_signature_invalid');
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !HANDLED.has(event.type))
      return { received: true, outcome: 'ignored' };
    const object = event.data?.object ?? {};
    return ctx.transaction(async (tx) => {
      if (!(await recordEvent(db(tx), 'stripe', event.id, event.type)))
        return { received: true, outcome: 'duplicate' };
      const known = event.type.startsWith('checkout.session.')
        ? await onSession(tx, event.type, object as unknown as CheckoutSession)
        : event.type === 'charge.refunded'
          ? await onChargeRefunded(tx, object as unknown as Charge)
          : await onRefund(tx, object as unknown as Refund);
      return { received: true, outcome: known ? 'handled' : 'unknown_payment' };
    });
  }

  return { receive };
}
