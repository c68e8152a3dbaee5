import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { type CheckoutService, opens, orderIdOf, orderView } from './checkout-service.js';
import { findOrder, historyOf, type OrdersTables } from './repo-orders.js';
import { sameOriginGuard } from './same-origin.js';

/**
 * The checkout and the buyer's view of their orders, for the site: public JSON routes under the
 * `general` rate limit, changes refused from another origin as the cart's are.
 */
export function checkoutRoutes(plugin: PluginContext, checkout: CheckoutService): void {
  const T = plugin.schema;
  const { routes, errors } = plugin;
  const db = (ctx: PluginOperation) => plugin.db<OrdersTables>(ctx);
  const fromTheSite = sameOriginGuard(errors);
  const Line = (maxLength: number) => T.String({ minLength: 1, maxLength });
  const Optional = (maxLength: number) => T.Optional(T.Union([T.Null(), T.String({ maxLength })]));
  const Address = T.Object(
    {
      name: Line(200),
      line1: Line(200),
      line2: Optional(200),
      city: Line(100),
      postcode: T.String({ maxLength: 20 }),
      country: T.String({ pattern: '^[A-Z]{2}$' }),
      region: T.Optional(T.Union([T.Null(), T.String({ pattern: '^[A-Za-z0-9]{1,3}$' })])),
      phone: Optional(40),
    },
    { additionalProperties: false },
  );
  const Strict = { additionalProperties: false } as const;

  routes.post(
    '/checkout',
    {
      permission: 'public',
      rateLimit: 'general',
      summary:
        'Place the visitor’s cart as an order (pending, its stock taken) and start paying it; 409 when the cart changed since it was last shown',
      body: T.Object(
        {
          email: T.Optional(
            T.String({
              maxLength: 254,
              pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
              description: 'A guest’s; a signed-in buyer’s account’s otherwise',
            }),
          ),
          shipping_address: Address,
          billing_address: T.Optional(T.Union([T.Null(), Address])),
          shipping_method: T.Optional(T.String({ maxLength: 40 })),
          payment_method: T.Union([
            T.Literal('stripe'),
            T.Literal('bank_transfer'),
            T.Literal('cash_on_delivery'),
          ]),
        },
        Strict,
      ),
      status: 201,
    },
    (ctx, { body, visitor, locale, headers }) => {
      fromTheSite(headers);
      return checkout.checkout(ctx, visitor, locale, body);
    },
  );

  routes.get(
    '/checkout/address',
    {
      permission: 'public',
      rateLimit: 'general',
      summary: 'The address a signed-in buyer last had delivered to, or null',
    },
    (ctx, { visitor }) => checkout.savedAddress(ctx, visitor),
  );

  routes.get(
    '/orders/:number',
    {
      permission: 'public',
      rateLimit: 'general',
      summary:
        'An order for its buyer: signed in as its account, or with the key of the link mailed to a guest',
      params: T.Object({ number: T.String({ pattern: '^\\d{1,12}$' }) }, Strict),
      querystring: T.Object({ key: T.Optional(T.String({ maxLength: 64 })) }, Strict),
    },
    async (ctx, { params, query, visitor }) => {
      const order = await findOrder(db(ctx), orderIdOf(params.number));
      const account = (await visitor.read())?.account ?? null;
      const mine =
        order &&
        ((account !== null && order.account_id !== null && Number(order.account_id) === account.id) ||
          (query.key !== undefined && opens(order, query.key)));
      // Someone else's order is not found, whether it exists or not.
      if (!order || !mine) throw new errors.NotFound('Order', 'ecommerce_order_not_found');
      return { ...orderView(order), history: await historyOf(db(ctx), order.id) };
    },
  );
}
