import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { linesOf, orderUrl, orderView } from './checkout-service.js';
import { mailBuyer } from './order-mail.js';
import { csvCell, refusal } from './order-states.js';
import type { PaymentsApi } from './payments-api.js';
import {
  addHistory,
  findOrder,
  historyOf,
  listOrders,
  moveOrder,
  type OrderAddress,
  type OrderFilters,
  type OrderLine,
  type OrderStatus,
  type OrdersTables,
  releaseCoupons,
} from './repo-orders.js';
import type { StockService } from './stock-service.js';

/**
 * Orders for the shop's managers (`ecommerce.manage_orders`): the list, an order with its history,
 * a customer's orders, the CSV export, and the moves a person makes (order-states.ts). Each move
 * is a conditional update in one transaction with its history line, its stock and its mail to the
 * buyer; cancelling a paid order refunds it in full through the payments plugin first, so an order
 * is never cancelled with the money kept.
 */
export function ordersService(plugin: PluginContext, stock: StockService) {
  const { errors } = plugin;
  const db = (ctx: PluginOperation) => plugin.db<OrdersTables>(ctx);
  const payments = () => plugin.api.of<PaymentsApi>('payments');
  const actorOf = (ctx: PluginOperation) =>
    ctx.actor.userId === null ? 'system' : `user:${ctx.actor.userId}`;

  async function load(ctx: PluginOperation, id: number) {
    const order = await findOrder(db(ctx), id);
    if (!order) throw new errors.NotFound('Order', 'ecommerce_order_not_found');
    return order;
  }

  async function move(
    ctx: PluginOperation,
    id: number,
    to: OrderStatus,
    details: { carrier?: string; tracking_number?: string; note?: string } = {},
  ) {
    const order = await load(ctx, id);
    const refused = refusal(order.status, to);
    if (refused) throw new errors.Conflict(refused, 'ecommerce_transition_refused');
    if (to === 'cancelled' && order.status === 'paid' && order.payment_id !== null)
      await payments().refund(ctx, Number(order.payment_id));
    const moved = await ctx.transaction(async () => {
      const changes =
        to === 'shipped'
          ? { carrier: details.carrier ?? null, tracking_number: details.tracking_number ?? null }
          : {};
      const after = await moveOrder(db(ctx), id, [order.status], to, changes);
      // Moved meanwhile (the payment, another manager): said as the refusal it now is.
      if (!after) return null;
      await addHistory(db(ctx), id, order.status, to, actorOf(ctx), details.note ?? '');
      if (to === 'cancelled') {
        await stock.release(ctx, linesOf(after));
        await releaseCoupons(db(ctx), id);
      }
      await mailBuyer(
        plugin,
        ctx,
        to as 'shipped' | 'delivered' | 'cancelled',
        after,
        orderUrl(ctx.site, after),
      );
      return after;
    });
    if (!moved)
      throw new errors.Conflict(
        'The order changed meanwhile: look at it again.',
        'ecommerce_transition_refused',
      );
    // A pending order's payment is closed too, so its page can no longer take money.
    if (to === 'cancelled' && order.status === 'pending' && order.payment_id !== null)
      await payments()
        .cancel(ctx, Number(order.payment_id))
        .catch((error: unknown) =>
          plugin.log.warn({ err: error, order: id }, 'the cancelled order’s payment stays open'),
        );
    return detail(ctx, id);
  }

  async function detail(ctx: PluginOperation, id: number) {
    const order = await load(ctx, id);
    return { ...orderView(order), history: await historyOf(db(ctx), id) };
  }

  return {
    move,
    detail,
    async list(ctx: PluginOperation, filters: OrderFilters, page: number, perPage: number) {
      const { rows, total } = await listOrders(db(ctx), filters, {
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { orders: rows.map(orderView), total, page, per_page: perPage };
    },
    /** A customer's orders (by address) and what they spent: paid orders, shipped or delivered since. */
    async customer(ctx: PluginOperation, filters: OrderFilters) {
      const { rows } = await listOrders(db(ctx), filters, { limit: null, offset: 0 });
      const spent = rows
        .filter((row) => ['paid', 'shipped', 'delivered'].includes(row.status))
        .reduce((all, row) => all + Number(row.total), 0);
      return { orders: rows.map(orderView), total_spent: spent };
    },
    /** Every order matching the filters as CSV, amounts in minor units, formula cells neutralised. */
    async csv(ctx: PluginOperation, filters: OrderFilters): Promise<string> {
      const { rows } = await listOrders(db(ctx), filters, { limit: null, offset: 0 });
      const header = [
        'number',
        'placed_at',
        'status',
        'email',
        'name',
        'country',
        'items',
        'subtotal',
        'discount',
        'shipping',
        'tax',
        'total',
        'currency',
        'carrier',
        'tracking_number',
      ];
      const lines = rows.map((row) => {
        const address = JSON.parse(row.shipping_address) as OrderAddress;
        const items = (JSON.parse(row.lines) as OrderLine[])
          .map((line) => `${line.quantity} x ${line.sku}`)
          .join('; ');
        const view = orderView(row);
        return [
          view.number,
          row.created_at,
          row.status,
          row.email,
          address.name,
          address.country,
          items,
          view.subtotal,
          view.discount,
          view.shipping_total,
          view.tax,
          view.total,
          row.currency,
          row.carrier,
          row.tracking_number,
        ]
          .map(csvCell)
          .join(',');
      });
      return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
