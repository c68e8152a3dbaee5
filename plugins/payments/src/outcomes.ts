import type { PluginContext, PluginOperation } from '@tessera/plugin';
import type { Payment } from './api.js';
import type { Outcome } from './model.js';
import { refundedStatus } from './model.js';
import {
  addRefunded,
  findPayment,
  insertRefund,
  moveStatus,
  type PaymentRow,
  type PaymentsDb,
  type PaymentsTables,
  paymentOf,
  type RefundRow,
  refundOf,
  setStatus,
  settleRefund,
} from './repo.js';

/**
 * Where a payment's changes are told: each moves the payment once (a conditional update) and, only
 * when it did, fires the plugin's hook for the purpose plugin and emits the site event, all in the
 * open transaction. A second delivery of the same news finds the payment moved and tells nothing.
 */
export function paymentOutcomes(plugin: PluginContext) {
  const db = (ctx: PluginOperation): PaymentsDb => plugin.db<PaymentsTables>(ctx);

  async function reread(ctx: PluginOperation, id: number): Promise<Payment> {
    const row = await findPayment(db(ctx), id);
    if (!row) throw new Error(`payment ${id} vanished inside its transaction`);
    return paymentOf(row);
  }

  /** Pending to an outcome; false when the payment was no longer pending. Call inside a transaction. */
  async function settle(ctx: PluginOperation, row: PaymentRow, outcome: Outcome): Promise<boolean> {
    if (!(await moveStatus(db(ctx), row.id, outcome))) return false;
    const payment = await reread(ctx, row.id);
    await ctx.hooks.doAction(`payments.${outcome}`, { payment });
    await plugin.events.emit(ctx, `payment.${outcome}`, { payment });
    return true;
  }

  async function tellRefund(ctx: PluginOperation, paymentId: number, refund: RefundRow): Promise<void> {
    const payment = await reread(ctx, paymentId);
    const status = refundedStatus(payment.amount, payment.amount_refunded);
    if (status !== payment.status) await setStatus(db(ctx), paymentId, status);
    const told = { payment: { ...payment, status }, refund: refundOf(refund) };
    await ctx.hooks.doAction('payments.refunded', told);
    await plugin.events.emit(ctx, 'payment.refunded', told);
  }

  /** A refund asked through the site went through: counted once, whoever learns it first. */
  async function confirmRefund(
    ctx: PluginOperation,
    refund: RefundRow,
    providerRefundId: string | null,
  ): Promise<boolean> {
    if (!(await settleRefund(db(ctx), refund.id, 'succeeded', providerRefundId))) return false;
    await addRefunded(db(ctx), refund.payment_id, Number(refund.amount), true);
    await tellRefund(ctx, refund.payment_id, { ...refund, status: 'succeeded' });
    return true;
  }

  /** Money given back outside Tessera (the provider's dashboard), learnt from its webhook. */
  async function recordOutsideRefund(ctx: PluginOperation, row: PaymentRow, amount: number): Promise<void> {
    const refund = await insertRefund(db(ctx), {
      payment_id: row.id,
      amount,
      status: 'succeeded',
      origin: 'provider',
      provider_refund_id: null,
    });
    await addRefunded(db(ctx), row.id, amount, false);
    await tellRefund(ctx, row.id, refund);
  }

  return { settle, confirmRefund, recordOutsideRefund, reread };
}

export type PaymentOutcomes = ReturnType<typeof paymentOutcomes>;
