/// <reference path="../../payments/src/hooks.d.ts" />
import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { linesOf, orderIdOf, orderUrl } from './checkout-service.js';
import { mailBuyer } from './order-mail.js';
import type { PaymentsApi } from './payments-api.js';
import { addHistory, findOrder, moveOrder, type OrdersTables, releaseCoupons } from './repo-orders.js';
import type { StockService } from './stock-service.js';

export const REFUND_LATE_PAYMENT = 'ecommerce.refund_late_payment';

/**
 * What the payments plugin tells the shop, in the transaction that records the payment's change
 * (so the order moves with it or not at all, once however often the provider repeats itself):
 * - paid: a pending order becomes paid. Its stock and coupons were taken when it was placed. A payment for an order cancelled meanwhile (its page paid in the last second) is
 *   refunded by a job, the refund being a call to the provider that a transaction must not wait on;
 *   a payment whose amount or currency is not the order's moves nothing and is logged.
 * - failed, expired, cancelled: a pending order is cancelled and gives its stock and coupons back; anything
 *   else was settled already and stays.
 */
export function paymentHooks(plugin: PluginContext, stock: StockService): void {
  const db = (ctx: PluginOperation) => plugin.db<OrdersTables>(ctx);
  const ours = (payment: { purpose: string }) => payment.purpose === plugin.name;

  plugin.hooks.onAction('payments.paid', async (ctx, { payment }) => {
    if (!ours(payment)) return;
    const id = orderIdOf(payment.reference);
    const order = await findOrder(db(ctx), id);
    if (!order) return plugin.log.warn({ payment: payment.id }, 'a payment for no order of this site');
    if (Number(order.total) !== payment.amount || order.currency !== payment.currency.toUpperCase())
      return plugin.log.error(
        { order: id, payment: payment.id },
        'a payment whose amount is not its order’s',
      );
    const paid = await moveOrder(db(ctx), id, ['pending'], 'paid', {
      paid_at: payment.paid_at ?? new Date().toISOString(),
    });
    if (!paid) {
      if (order.status === 'cancelled')
        await ctx.jobs.enqueue(REFUND_LATE_PAYMENT, { payment: payment.id, order: id });
      return;
    }
    await addHistory(db(ctx), id, 'pending', 'paid', 'payment', `Payment ${payment.id} confirmed`);
    await mailBuyer(plugin, ctx, 'paid', paid, orderUrl(ctx.site, paid));
  });

  plugin.hooks.onAction('payments.refunded', async (ctx, { payment, refund }) => {
    if (!ours(payment)) return;
    const order = await findOrder(db(ctx), orderIdOf(payment.reference));
    if (!order) return;
    await addHistory(
      db(ctx),
      order.id,
      order.status,
      order.status,
      'payment',
      `Refunded ${refund.amount} (${refund.origin})`,
    );
    await mailBuyer(plugin, ctx, 'refunded', order, orderUrl(ctx.site, order), refund.amount);
  });

  for (const outcome of ['failed', 'expired', 'cancelled'] as const)
    plugin.hooks.onAction(`payments.${outcome}`, async (ctx, { payment }) => {
      if (!ours(payment)) return;
      const id = orderIdOf(payment.reference);
      const cancelled = await moveOrder(db(ctx), id, ['pending'], 'cancelled');
      if (!cancelled) return;
      await stock.release(ctx, linesOf(cancelled));
      await releaseCoupons(db(ctx), id);
      await addHistory(db(ctx), id, 'pending', 'cancelled', 'payment', `Payment ${payment.id} ${outcome}`);
      await mailBuyer(plugin, ctx, 'cancelled', cancelled, orderUrl(ctx.site, cancelled));
    });

  plugin.jobs.define(REFUND_LATE_PAYMENT, async (payload, run) => {
    const { payment } = payload as { payment: number };
    if (!run.operation) return;
    const api = plugin.api.of<PaymentsApi>('payments');
    const current = await api.get(run.operation, payment);
    if (current.status === 'paid' || current.status === 'partially_refunded')
      await api.refund(run.operation, payment);
  });
}
