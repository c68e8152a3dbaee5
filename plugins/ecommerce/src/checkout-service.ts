import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PluginContext, PluginFormVisitor, PluginOperation, PluginSite } from '@tessera/plugin';
import type { CartService } from './cart-service.js';
import { mailBuyer } from './order-mail.js';
import type { PaymentMethod, PaymentsApi } from './payments-api.js';
import {
  addHistory,
  addressOf,
  claimCoupons,
  couponUsesOf,
  findOrder,
  insertOrder,
  keepAddress,
  moveOrder,
  type OrderAddress,
  type OrderLine,
  type OrdersTables,
  releaseCoupons,
  type StoredOrder,
  setPayment,
} from './repo-orders.js';
import type { StockService } from './stock-service.js';

/**
 * The checkout: the cart priced once more on the server and frozen into an order `pending`, its
 * stock taken in the same transaction, then a payment started through the payments plugin.
 *
 * Stock is taken when the order is placed, not when it is paid: of two buyers of the last unit,
 * the second is told at checkout (409 `ecommerce_out_of_stock`) rather than charged for something
 * gone. An order whose payment fails, expires or is cancelled gives back what it took (see
 * payment-hooks.ts); one whose payment cannot even be started is cancelled at once.
 *
 * The buyer reaches their order by a link carrying a random key, in every mail of the order.
 */

export interface CheckoutInput {
  email?: string;
  shipping_address: OrderAddress;
  billing_address?: OrderAddress | null;
  shipping_method?: string;
  payment_method: PaymentMethod;
}

export const orderNumber = (id: number) => String(id).padStart(6, '0');
export const orderIdOf = (number: string) => (/^\d{1,12}$/.test(number) ? Number(number) : 0);
/** Whether `key` opens the order, compared in constant time. */
export function opens(order: Pick<StoredOrder, 'access_key'>, key: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(order.access_key), digest(key));
}

/** The order's page for its buyer, with its key. */
export const orderUrl = (site: PluginSite, order: Pick<StoredOrder, 'id' | 'access_key'>) =>
  `https://${site.primary_domain}/api/ecommerce/orders/${orderNumber(order.id)}?key=${order.access_key}`;

export function checkoutService(plugin: PluginContext, carts: CartService, stock: StockService) {
  const { errors } = plugin;
  const db = (ctx: PluginOperation) => plugin.db<OrdersTables>(ctx);
  const payments = () => plugin.api.of<PaymentsApi>('payments');

  async function cancelUnpaid(ctx: PluginOperation, order: StoredOrder, note: string): Promise<void> {
    await ctx.transaction(async () => {
      const cancelled = await moveOrder(db(ctx), order.id, ['pending'], 'cancelled');
      if (!cancelled) return;
      await stock.release(ctx, linesOf(cancelled));
      await releaseCoupons(db(ctx), order.id);
      await addHistory(db(ctx), order.id, 'pending', 'cancelled', 'system', note);
    });
  }

  return {
    async checkout(ctx: PluginOperation, visitor: PluginFormVisitor, locale: string, input: CheckoutInput) {
      const session = await visitor.read();
      const account = session?.account ?? null;
      const email = (account?.email ?? input.email ?? '').trim();
      if (!email) throw errors.ValidationFailed.field('email', 'Give the address your order’s mails go to.');
      const cart = await carts.find(ctx, visitor, locale, false);
      if (!cart || cart.lines.length === 0)
        throw errors.ValidationFailed.field('cart', 'Your cart is empty.', 'ecommerce_cart_empty');
      const address = input.shipping_address;
      const next = {
        ...cart,
        address: {
          country: address.country,
          region: address.region ?? null,
          postcode: address.postcode || null,
        },
        shippingMethod: input.shipping_method ?? cart.shippingMethod,
      };
      const uses = await couponUsesOf(db(ctx), email);
      // Shown first: what changed since the buyer last looked is said now, and checking out again
      // after reading it goes through.
      const seen = await carts.show(ctx, next, locale, uses);
      if (seen.notices.length > 0)
        throw new errors.Conflict(
          'Your cart changed: look at it again before paying.',
          'ecommerce_cart_changed',
          {
            cart: seen.notices.map((notice) => notice.message),
          },
        );

      // A code the buyer entered that does not apply (now that the checkout knows who buys) is said,
      // not dropped: they take it off or change their cart.
      const refused = seen.coupons.filter((coupon) => !coupon.applied);
      if (refused.length > 0)
        throw new errors.Conflict('A code in your cart does not apply.', 'ecommerce_coupon_not_applicable', {
          coupons: refused.map((coupon) => `${coupon.code}: ${coupon.reason?.message ?? ''}`),
        });
      const key = randomBytes(24).toString('base64url');
      const order = await ctx.transaction(async () => {
        const state = await carts.price(ctx, next, locale, uses);
        const { priced } = state;
        if (state.notices.length > 0 || priced.total !== seen.total)
          throw new errors.Conflict(
            'Your cart changed: look at it again before paying.',
            'ecommerce_cart_changed',
          );
        if (!priced.shipping)
          throw errors.ValidationFailed.field(
            'shipping_method',
            priced.shippingIssue?.message ?? 'Choose how your order is delivered.',
            priced.shippingIssue?.code ?? 'shipping_method_needed',
          );
        const figures = new Map(priced.lines.map((line) => [line.id, line]));
        const lines: OrderLine[] = state.sellable.map(({ sku, quantity, offer }) => {
          const line = figures.get(sku);
          return {
            sku,
            product_id: offer.productId,
            title: offer.title,
            variant: offer.variant,
            quantity,
            unit_price: offer.price,
            subtotal: line?.subtotal ?? 0,
            discount: line?.discount ?? 0,
            tax: line?.tax ?? 0,
            total: line?.total ?? 0,
          };
        });
        const byCode = new Map(state.coupons.map((coupon) => [coupon.code.toUpperCase(), coupon.id]));
        const at = new Date().toISOString();
        const placed = await insertOrder(db(ctx), {
          status: 'pending',
          email: email.toLowerCase(),
          account_id: account?.id ?? null,
          locale,
          currency: state.currency,
          lines: JSON.stringify(lines),
          skus: ` ${lines.map((line) => line.sku).join(' ')} `,
          shipping_address: JSON.stringify(address),
          billing_address: input.billing_address ? JSON.stringify(input.billing_address) : null,
          shipping: JSON.stringify({
            method: priced.shipping.methodId,
            name: priced.shipping.name,
            amount: priced.shipping.amount,
            tax: priced.shipping.tax,
            total: priced.shipping.total,
          }),
          coupons: JSON.stringify(
            priced.coupons.flatMap((outcome) =>
              outcome.applied
                ? [
                    {
                      code: outcome.code,
                      coupon_id: byCode.get(outcome.code.toUpperCase()) ?? null,
                      discount: outcome.discount,
                      free_shipping: outcome.freeShipping,
                    },
                  ]
                : [],
            ),
          ),
          taxes: JSON.stringify(priced.taxes.map(({ name, rate, amount }) => ({ name, rate, amount }))),
          prices_include_tax: priced.pricesIncludeTax ? 1 : 0,
          subtotal: priced.subtotal,
          discount: priced.discount,
          shipping_total: priced.shipping.total,
          tax: priced.tax,
          total: priced.total,
          payment_method: input.payment_method,
          access_key: key,
          created_at: at,
          updated_at: at,
        });
        const spent = await claimCoupons(
          db(ctx),
          placed.id,
          email,
          state.coupons
            .filter((coupon) =>
              priced.coupons.some(
                (outcome) => outcome.applied && outcome.code.toUpperCase() === coupon.code.toUpperCase(),
              ),
            )
            .map((coupon) => coupon.id),
        );
        if (spent.length > 0)
          throw new errors.Conflict(
            'A code in your cart does not apply.',
            'ecommerce_coupon_not_applicable',
            {
              coupons: state.coupons
                .filter((coupon) => spent.includes(coupon.id))
                .map((coupon) => `${coupon.code}: This code has been used as many times as it may be.`),
            },
          );
        await stock.decrement(
          ctx,
          lines.map(({ sku, quantity }) => ({ sku, quantity })),
        );
        await addHistory(
          db(ctx),
          placed.id,
          null,
          'pending',
          account ? `account:${account.id}` : 'customer',
          'Order placed',
        );
        await carts.emptied(ctx, cart);
        await mailBuyer(plugin, ctx, 'placed', placed, orderUrl(ctx.site, placed));
        if (account) await keepAddress(db(ctx), account.id, address);
        return placed;
      });

      const number = orderNumber(order.id);
      const url = orderUrl(ctx.site, order);
      let started: Awaited<ReturnType<PaymentsApi['start']>>;
      try {
        started = await payments().start(ctx, {
          purpose: plugin.name,
          reference: number,
          amount: order.total,
          currency: order.currency,
          description: `Order ${number}`,
          customerEmail: email,
          successUrl: url,
          cancelUrl: `https://${ctx.site.primary_domain}/`,
          method: input.payment_method,
          locale,
        });
      } catch (error) {
        await cancelUnpaid(ctx, order, 'The payment could not be started.');
        throw error;
      }
      await setPayment(db(ctx), order.id, started.id);
      const stored = (await findOrder(db(ctx), order.id)) as StoredOrder;
      return {
        order: orderView(stored),
        order_url: url,
        payment: {
          id: started.id,
          status: started.status,
          redirect_url: started.redirectUrl ?? null,
          instructions: started.instructions ?? null,
        },
      };
    },
    /** The address a signed-in buyer last had delivered to, to fill the checkout with. */
    async savedAddress(ctx: PluginOperation, visitor: PluginFormVisitor) {
      const account = (await visitor.read())?.account;
      return account ? addressOf(db(ctx), account.id) : null;
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;

export const linesOf = (order: StoredOrder) =>
  (JSON.parse(order.lines) as OrderLine[]).map(({ sku, quantity }) => ({ sku, quantity }));

/** An order as its buyer and the shop's managers see it. */
export function orderView(order: StoredOrder) {
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    email: order.email,
    account_id: order.account_id === null ? null : Number(order.account_id),
    currency: order.currency,
    lines: JSON.parse(order.lines) as OrderLine[],
    shipping_address: JSON.parse(order.shipping_address) as OrderAddress,
    billing_address: order.billing_address ? (JSON.parse(order.billing_address) as OrderAddress) : null,
    shipping: JSON.parse(order.shipping) as {
      method: string;
      name: string;
      amount: number;
      tax: number;
      total: number;
    },
    coupons: JSON.parse(order.coupons) as Array<{ code: string; discount: number; free_shipping: boolean }>,
    taxes: JSON.parse(order.taxes) as Array<{ name: string; rate: number; amount: number }>,
    prices_include_tax: Number(order.prices_include_tax) === 1,
    subtotal: Number(order.subtotal),
    discount: Number(order.discount),
    shipping_total: Number(order.shipping_total),
    tax: Number(order.tax),
    total: Number(order.total),
    payment_method: order.payment_method,
    payment_id: order.payment_id === null ? null : Number(order.payment_id),
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    created_at: order.created_at,
    paid_at: order.paid_at,
  };
}

export type OrderView = ReturnType<typeof orderView>;
