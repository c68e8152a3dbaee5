import { randomBytes } from 'node:crypto';
import type { PluginContext, PluginFormVisitor, PluginOperation } from '@tessera/plugin';
import { formatPrice } from './price-format.js';
import type { CouponOutcome, PricedCart } from './pricing/types.js';
import {
  type Cart,
  type CartRow,
  type CartsDb,
  cartByToken,
  cartOfAccount,
  deleteCart,
  insertCart,
  type KeptLine,
  saveCart,
} from './repo-carts.js';
import { type Offer, type OfferRow, offersOf } from './repo-offers.js';
import { type LineToPrice, priceWithRules } from './shop-pricing.js';
import type { CouponRule } from './shop-rules.js';
import type { StockService } from './stock-service.js';

/**
 * The buyer's cart. It lives in the table, found by a random token the visitor's session keeps
 * (`data.cart`), so it outlives the browser as long as the session's cookie does, and by the site
 * account for a signed-in buyer, on any device. The first read after signing in merges the cart the
 * visitor had as a guest into the account's (quantities added, codes kept), then forgets the guest's.
 *
 * Every read prices it again from the live offers, stock and rules. What changed since the buyer was
 * last shown the cart is said in `notices` (a price, a SKU no longer sold, stock short), once; a
 * line that cannot be sold is kept, marked unavailable, and left out of the totals until the buyer
 * removes it or it is back. The checkout refuses a cart with unavailable lines or unseen changes.
 */

export const MAX_LINES = 100;
export const MAX_QUANTITY = 999;

export interface CartNotice {
  code: 'ecommerce_price_changed' | 'ecommerce_unavailable' | 'ecommerce_stock_short';
  sku: string;
  message: string;
  previous_price?: number;
  price?: number;
  on_hand?: number;
}

export interface CartLineView {
  sku: string;
  quantity: number;
  title: string;
  variant: string;
  product_id: number | null;
  unit_price: number | null;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  available: boolean;
}

export interface PricedCartState {
  cart: Cart;
  priced: PricedCart;
  currency: string;
  /** The lines that can be sold now, with their offers, in the cart's order. */
  sellable: LineToPrice[];
  notices: CartNotice[];
  /** The coupons entered that exist. */
  coupons: CouponRule[];
}

export function cartService(plugin: PluginContext, stock: StockService) {
  const { errors } = plugin;
  const carts = (ctx: PluginOperation): CartsDb => plugin.db<{ ecommerce_carts: CartRow }>(ctx);
  const levelsBySku = async (ctx: PluginOperation, skus: readonly string[]) =>
    new Map((await stock.levels(ctx, skus)).map((level) => [level.sku, level]));
  const offers = (ctx: PluginOperation) => plugin.db<{ ecommerce_offers: OfferRow }>(ctx);

  /**
   * The visitor's cart, merged into their account's when they signed in since; made (and its token
   * kept in their session) only when `create` says so: reading an empty cart starts no session.
   */
  async function find(
    ctx: PluginOperation,
    visitor: PluginFormVisitor,
    locale: string,
    create: boolean,
  ): Promise<Cart | null> {
    const session = await visitor.read();
    const token = typeof session?.data.cart === 'string' ? session.data.cart : null;
    const account = session?.account ?? null;
    const db = carts(ctx);
    let held = token ? ((await cartByToken(db, token)) ?? null) : null;
    if (held && held.accountId !== null && held.accountId !== account?.id) held = null;
    let cart = held;
    if (account) {
      const own = (await cartOfAccount(db, account.id)) ?? null;
      if (own && held && own.id !== held.id) {
        cart = mergeInto(own, held);
        await saveCart(db, cart);
        await deleteCart(db, held.id);
      } else if (own) cart = own;
      else if (held) {
        cart = { ...held, accountId: account.id };
        await saveCart(db, cart);
      }
    }
    if (!cart && create)
      cart = await insertCart(db, randomBytes(24).toString('base64url'), account?.id ?? null, locale);
    if (cart && cart.token !== token) await visitor.setData({ ...(session?.data ?? {}), cart: cart.token });
    return cart;
  }

  /** The guest's lines and codes added to the account's; the account's address and choice kept. */
  function mergeInto(own: Cart, guest: Cart): Cart {
    const lines = own.lines.map((line) => ({ ...line }));
    for (const line of guest.lines) {
      const same = lines.find((each) => each.sku === line.sku);
      if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity);
      else lines.push({ ...line });
    }
    const codes = [...own.coupons];
    for (const code of guest.coupons)
      if (!codes.some((each) => each.toUpperCase() === code.toUpperCase())) codes.push(code);
    return {
      ...own,
      lines: lines.slice(0, MAX_LINES),
      coupons: codes,
      address: own.address ?? guest.address,
      shippingMethod: own.shippingMethod ?? guest.shippingMethod,
    };
  }

  /** Prices the cart as it is now, and what changed since the buyer last saw it. */
  async function price(
    ctx: PluginOperation,
    cart: Cart,
    locale: string,
    customerUses?: ReadonlyMap<number, number>,
  ): Promise<PricedCartState> {
    const skus = cart.lines.map((line) => line.sku);
    const [onSale, levels] = await Promise.all([offersOf(offers(ctx), skus, locale), levelsBySku(ctx, skus)]);
    const notices: CartNotice[] = [];
    const sellable: LineToPrice[] = [];
    const settings = await plugin.settings.read<{ currency: string }>(ctx);
    const money = (amount: number) => formatPrice(amount, settings.currency, locale);
    for (const line of cart.lines) {
      const offer = onSale.get(line.sku);
      if (!offer) {
        notices.push({
          code: 'ecommerce_unavailable',
          sku: line.sku,
          message: `${line.sku} is no longer sold.`,
        });
        continue;
      }
      const level = levels.get(line.sku);
      const onHand = level?.on_hand ?? 0;
      if (offer.tracked && onHand < line.quantity) {
        notices.push({
          code: 'ecommerce_stock_short',
          sku: line.sku,
          on_hand: onHand,
          message:
            onHand === 0
              ? `${nameOf(offer)} is out of stock.`
              : `Only ${onHand} of ${nameOf(offer)} left: lower the quantity to buy it.`,
        });
        continue;
      }
      if (line.price !== null && line.price !== offer.price)
        notices.push({
          code: 'ecommerce_price_changed',
          sku: line.sku,
          previous_price: line.price,
          price: offer.price,
          message: `The price of ${nameOf(offer)} changed from ${money(line.price)} to ${money(offer.price)}.`,
        });
      sellable.push({ sku: line.sku, quantity: line.quantity, offer });
    }
    const { priced, currency, coupons } = await priceWithRules(plugin, ctx, {
      lines: sellable,
      codes: cart.coupons,
      address: cart.address,
      shippingMethod: cart.shippingMethod,
      locale,
      ...(customerUses ? { customerUses } : {}),
    });
    return { cart, priced, currency, sellable, notices, coupons };
  }

  /** A read: the cart priced, and the prices shown kept so that a change is said once. */
  async function show(
    ctx: PluginOperation,
    cart: Cart,
    locale: string,
    customerUses?: ReadonlyMap<number, number>,
  ) {
    const state = await price(ctx, cart, locale, customerUses);
    const shown = new Map(state.sellable.map((line) => [line.sku, line.offer.price]));
    const lines = cart.lines.map((line) => ({ ...line, price: shown.get(line.sku) ?? line.price }));
    if (lines.some((line, i) => line.price !== cart.lines[i]?.price))
      await saveCart(carts(ctx), { ...cart, lines });
    return viewOf(state);
  }

  async function linesChanged(ctx: PluginOperation, cart: Cart, lines: KeptLine[], locale: string) {
    const next = { ...cart, lines };
    await saveCart(carts(ctx), next);
    return show(ctx, next, locale);
  }

  async function offerFor(ctx: PluginOperation, sku: string, locale: string): Promise<Offer> {
    const offer = (await offersOf(offers(ctx), [sku], locale)).get(sku);
    if (!offer) throw errors.ValidationFailed.field('sku', 'This is not for sale.', 'ecommerce_not_for_sale');
    return offer;
  }

  async function ensureStock(ctx: PluginOperation, offer: Offer, quantity: number): Promise<void> {
    if (!offer.tracked) return;
    const onHand = (await levelsBySku(ctx, [offer.sku])).get(offer.sku)?.on_hand ?? 0;
    if (onHand < quantity)
      throw new errors.Conflict(
        onHand === 0 ? `${nameOf(offer)} is out of stock.` : `Only ${onHand} of ${nameOf(offer)} left.`,
        'ecommerce_out_of_stock',
        { quantity: [onHand === 0 ? 'Out of stock.' : `Only ${onHand} left.`] },
      );
  }

  return {
    find,
    price,
    show,
    /** Empties a cart once its order is placed; where it goes is kept for the next. */
    emptied: (ctx: PluginOperation, cart: Cart) => saveCart(carts(ctx), { ...cart, lines: [], coupons: [] }),
    /** Adds `quantity` of a SKU on sale, to its line when the cart has one. */
    async add(
      ctx: PluginOperation,
      visitor: PluginFormVisitor,
      locale: string,
      sku: string,
      quantity: number,
    ) {
      const offer = await offerFor(ctx, sku, locale);
      const cart = (await find(ctx, visitor, locale, true)) as Cart;
      const held = cart.lines.find((line) => line.sku === sku);
      const wanted = (held?.quantity ?? 0) + quantity;
      if (wanted > MAX_QUANTITY)
        throw errors.ValidationFailed.field('quantity', `A line holds ${MAX_QUANTITY} at most.`);
      if (!held && cart.lines.length >= MAX_LINES)
        throw errors.ValidationFailed.field('sku', `A cart holds ${MAX_LINES} lines at most.`);
      await ensureStock(ctx, offer, wanted);
      const lines = held
        ? cart.lines.map((line) =>
            line.sku === sku ? { ...line, quantity: wanted, price: offer.price } : line,
          )
        : [...cart.lines, { sku, quantity, price: offer.price }];
      return linesChanged(ctx, cart, lines, locale);
    },
    /** Sets a line's quantity; 0 removes it. */
    async setQuantity(
      ctx: PluginOperation,
      visitor: PluginFormVisitor,
      locale: string,
      sku: string,
      quantity: number,
    ) {
      const cart = await find(ctx, visitor, locale, false);
      if (!cart?.lines.some((line) => line.sku === sku))
        throw new errors.NotFound('Cart line', 'ecommerce_line_not_found');
      if (quantity === 0)
        return linesChanged(
          ctx,
          cart,
          cart.lines.filter((line) => line.sku !== sku),
          locale,
        );
      const offer = await offerFor(ctx, sku, locale);
      await ensureStock(ctx, offer, quantity);
      return linesChanged(
        ctx,
        cart,
        cart.lines.map((line) => (line.sku === sku ? { ...line, quantity, price: offer.price } : line)),
        locale,
      );
    },
    /** Enters a code: refused with the reason it does not apply (422 on `code`), else kept. */
    async applyCoupon(ctx: PluginOperation, visitor: PluginFormVisitor, locale: string, code: string) {
      const cart = (await find(ctx, visitor, locale, true)) as Cart;
      const next = { ...cart, coupons: [...cart.coupons, code.trim()] };
      const outcome = (await price(ctx, next, locale)).priced.coupons.at(-1);
      if (outcome && !outcome.applied)
        throw errors.ValidationFailed.field('code', outcome.reason.message, outcome.reason.code);
      await saveCart(carts(ctx), next);
      return show(ctx, next, locale);
    },
    async removeCoupon(ctx: PluginOperation, visitor: PluginFormVisitor, locale: string, code: string) {
      const cart = await find(ctx, visitor, locale, false);
      const kept = (cart?.coupons ?? []).filter((each) => each.toUpperCase() !== code.trim().toUpperCase());
      if (!cart || kept.length === cart.coupons.length)
        throw new errors.NotFound('Coupon in the cart', 'ecommerce_coupon_not_in_cart');
      const next = { ...cart, coupons: kept };
      await saveCart(carts(ctx), next);
      return show(ctx, next, locale);
    },
    /** Where it goes and how: a method the zone does not offer for this cart is refused with why. */
    async setDelivery(
      ctx: PluginOperation,
      visitor: PluginFormVisitor,
      locale: string,
      delivery: {
        country: string;
        region?: string | null;
        postcode?: string | null;
        shipping_method?: string | null;
      },
    ) {
      const cart = (await find(ctx, visitor, locale, true)) as Cart;
      const next: Cart = {
        ...cart,
        address: {
          country: delivery.country,
          region: delivery.region ?? null,
          postcode: delivery.postcode ?? null,
        },
        shippingMethod: delivery.shipping_method ?? null,
      };
      const { priced } = await price(ctx, next, locale);
      if (next.shippingMethod && priced.shippingIssue)
        throw errors.ValidationFailed.field(
          'shipping_method',
          priced.shippingIssue.message,
          priced.shippingIssue.code,
        );
      await saveCart(carts(ctx), next);
      return show(ctx, next, locale);
    },
  };
}

export type CartService = ReturnType<typeof cartService>;

const nameOf = (offer: Offer) => (offer.variant ? `${offer.title} (${offer.variant})` : offer.title);

function couponView(outcome: CouponOutcome) {
  return outcome.applied
    ? {
        code: outcome.code,
        applied: true,
        discount: outcome.discount,
        free_shipping: outcome.freeShipping,
        reason: null,
      }
    : { code: outcome.code, applied: false, discount: 0, free_shipping: false, reason: outcome.reason };
}

/** The cart as the site's routes answer it. */
export function viewOf({ cart, priced, currency, sellable, notices }: PricedCartState) {
  const pricedLines = new Map(priced.lines.map((line) => [line.id, line]));
  const offers = new Map(sellable.map((line) => [line.sku, line.offer]));
  const lines: CartLineView[] = cart.lines.map((line) => {
    const figures = pricedLines.get(line.sku);
    const offer = offers.get(line.sku);
    return {
      sku: line.sku,
      quantity: line.quantity,
      title: offer?.title ?? line.sku,
      variant: offer?.variant ?? '',
      product_id: offer?.productId ?? null,
      unit_price: offer?.price ?? null,
      subtotal: figures?.subtotal ?? 0,
      discount: figures?.discount ?? 0,
      tax: figures?.tax ?? 0,
      total: figures?.total ?? 0,
      available: figures !== undefined,
    };
  });
  return {
    currency,
    prices_include_tax: priced.pricesIncludeTax,
    lines,
    notices,
    coupons: priced.coupons.map(couponView),
    address: cart.address,
    shipping_method: cart.shippingMethod,
    shipping_options: priced.shippingOptions.map((option) =>
      option.available
        ? { id: option.id, name: option.name, available: true, amount: option.amount, reason: null }
        : { id: option.id, name: option.name, available: false, amount: null, reason: option.reason },
    ),
    shipping: priced.shipping && {
      method: priced.shipping.methodId,
      name: priced.shipping.name,
      amount: priced.shipping.amount,
      tax: priced.shipping.tax,
      total: priced.shipping.total,
    },
    shipping_issue: priced.shippingIssue,
    subtotal: priced.subtotal,
    discount: priced.discount,
    taxes: priced.taxes.map((tax) => ({ name: tax.name, rate: tax.rate, amount: tax.amount })),
    tax: priced.tax,
    total: priced.total,
  };
}

export type CartView = ReturnType<typeof viewOf>;
