import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { type CartService, MAX_QUANTITY } from './cart-service.js';
import { SKU_PATTERN } from './product-type.js';
import { sameOriginGuard } from './same-origin.js';

/**
 * The buyer's cart, for the site's pages and scripts: JSON routes under /api/ecommerce/cart, open
 * to every visitor, each counted against the `general` rate limit per address. The cart is found
 * through the visitor's session cookie (SameSite=Lax, so another site's form posts arrive without
 * it); a change sent by a page of another origin is refused besides (403), since these routes have
 * no form token. Every answer is the cart priced again (cart-service.ts).
 */
export function cartRoutes(plugin: PluginContext, carts: CartService): void {
  const T = plugin.schema;
  const { routes, errors } = plugin;
  const Reason = T.Object({ code: T.String(), message: T.String() });
  const Nullable = <S extends ReturnType<typeof T.String>>(schema: S) => T.Union([T.Null(), schema]);
  const Amount = T.Integer();
  const Cart = T.Object({
    currency: T.String(),
    prices_include_tax: T.Boolean(),
    lines: T.Array(
      T.Object({
        sku: T.String(),
        quantity: T.Integer(),
        title: T.String(),
        variant: T.String(),
        product_id: T.Union([T.Integer(), T.Null()]),
        unit_price: T.Union([Amount, T.Null()]),
        subtotal: Amount,
        discount: Amount,
        tax: Amount,
        total: Amount,
        available: T.Boolean({
          description: 'False: no longer sold or short of stock, left out of the totals',
        }),
      }),
    ),
    notices: T.Array(
      T.Object({
        code: T.String(),
        sku: T.String(),
        message: T.String(),
        previous_price: T.Optional(Amount),
        price: T.Optional(Amount),
        on_hand: T.Optional(T.Integer()),
      }),
      { description: 'What changed since the buyer last saw the cart, said once' },
    ),
    coupons: T.Array(
      T.Object({
        code: T.String(),
        applied: T.Boolean(),
        discount: Amount,
        free_shipping: T.Boolean(),
        reason: T.Union([Reason, T.Null()]),
      }),
    ),
    address: T.Union([
      T.Object({ country: T.String(), region: Nullable(T.String()), postcode: Nullable(T.String()) }),
      T.Null(),
    ]),
    shipping_method: Nullable(T.String()),
    shipping_options: T.Array(
      T.Object({
        id: T.String(),
        name: T.String(),
        available: T.Boolean(),
        amount: T.Union([Amount, T.Null()]),
        reason: T.Union([Reason, T.Null()]),
      }),
    ),
    shipping: T.Union([
      T.Object({ method: T.String(), name: T.String(), amount: Amount, tax: Amount, total: Amount }),
      T.Null(),
    ]),
    shipping_issue: T.Union([Reason, T.Null()]),
    subtotal: Amount,
    discount: Amount,
    taxes: T.Array(T.Object({ name: T.String(), rate: T.Number(), amount: Amount })),
    tax: Amount,
    total: Amount,
  });
  const Sku = T.String({ pattern: `^${SKU_PATTERN}$` });
  const Quantity = (minimum: number) => T.Integer({ minimum, maximum: MAX_QUANTITY });
  const Strict = { additionalProperties: false } as const;
  const permission = 'public';
  const rateLimit = 'general' as const;

  const fromTheSite = sameOriginGuard(errors);
  const empty = async (ctx: PluginOperation, locale: string) => carts.show(ctx, emptyCart(locale), locale);

  routes.get(
    '/cart',
    { permission, rateLimit, summary: 'The visitor’s cart, priced again now', response: Cart },
    async (ctx, { visitor, locale }) => {
      const cart = await carts.find(ctx, visitor, locale, false);
      return cart ? carts.show(ctx, cart, locale) : empty(ctx, locale);
    },
  );
  routes.post(
    '/cart/lines',
    {
      permission,
      rateLimit,
      summary: 'Add a SKU to the visitor’s cart (to its line when there is one)',
      body: T.Object({ sku: Sku, quantity: T.Optional(Quantity(1)) }, Strict),
      response: Cart,
    },
    (ctx, { body, visitor, locale, headers }) => {
      fromTheSite(headers);
      return carts.add(ctx, visitor, locale, body.sku, body.quantity ?? 1);
    },
  );
  routes.put(
    '/cart/lines/:sku',
    {
      permission,
      rateLimit,
      summary: 'Set a line’s quantity (0 removes it)',
      params: T.Object({ sku: Sku }, Strict),
      body: T.Object({ quantity: Quantity(0) }, Strict),
      response: Cart,
    },
    (ctx, { params, body, visitor, locale, headers }) => {
      fromTheSite(headers);
      return carts.setQuantity(ctx, visitor, locale, params.sku, body.quantity);
    },
  );
  routes.delete(
    '/cart/lines/:sku',
    {
      permission,
      rateLimit,
      summary: 'Remove a line',
      params: T.Object({ sku: Sku }, Strict),
      response: Cart,
    },
    (ctx, { params, visitor, locale, headers }) => {
      fromTheSite(headers);
      return carts.setQuantity(ctx, visitor, locale, params.sku, 0);
    },
  );
  routes.post(
    '/cart/coupons',
    {
      permission,
      rateLimit,
      summary: 'Enter a coupon code; one that does not apply is refused with why (422 on code)',
      body: T.Object({ code: T.String({ minLength: 1, maxLength: 40 }) }, Strict),
      response: Cart,
    },
    (ctx, { body, visitor, locale, headers }) => {
      fromTheSite(headers);
      return carts.applyCoupon(ctx, visitor, locale, body.code);
    },
  );
  routes.delete(
    '/cart/coupons/:code',
    {
      permission,
      rateLimit,
      summary: 'Take a coupon code off the cart',
      params: T.Object({ code: T.String({ minLength: 1, maxLength: 40 }) }, Strict),
      response: Cart,
    },
    (ctx, { params, visitor, locale, headers }) => {
      fromTheSite(headers);
      return carts.removeCoupon(ctx, visitor, locale, params.code);
    },
  );
  routes.put(
    '/cart/delivery',
    {
      permission,
      rateLimit,
      summary: 'Where the cart goes and the delivery method chosen among those offered there',
      body: T.Object(
        {
          country: T.String({ pattern: '^[A-Z]{2}$' }),
          region: T.Optional(T.Union([T.Null(), T.String({ pattern: '^[A-Za-z0-9]{1,3}$' })])),
          postcode: T.Optional(T.Union([T.Null(), T.String({ maxLength: 20 })])),
          shipping_method: T.Optional(T.Union([T.Null(), T.String({ maxLength: 40 })])),
        },
        Strict,
      ),
      response: Cart,
    },
    (ctx, { body, visitor, locale, headers }) => {
      fromTheSite(headers);
      return carts.setDelivery(ctx, visitor, locale, body);
    },
  );
}

/** What a visitor without a cart is shown; never stored. */
const emptyCart = (locale: string) => ({
  id: 0,
  token: '',
  accountId: null,
  locale,
  lines: [],
  coupons: [],
  address: null,
  shippingMethod: null,
});
