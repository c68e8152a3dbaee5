import { attachment, type PluginContext, type PluginOperation } from '@tessera/plugin';
import { orderView } from './checkout-service.js';
import { MANAGE_ORDERS } from './model.js';
import type { OrdersService } from './orders-service.js';
import { listOrders, type OrderFilters, type OrdersTables } from './repo-orders.js';

/**
 * Orders for the shop's managers (`ecommerce.manage_orders`) under /api/ecommerce/orders, and the
 * signed-in buyer's own list (`/api/ecommerce/my-orders`).
 */
export function orderRoutes(plugin: PluginContext, orders: OrdersService): void {
  const T = plugin.schema;
  const { routes, errors } = plugin;
  const permission = MANAGE_ORDERS;
  const Strict = { additionalProperties: false } as const;
  const Status = T.Union(
    ['pending', 'paid', 'shipped', 'delivered', 'cancelled'].map((status) => T.Literal(status)),
  );
  const filters = {
    status: T.Optional(Status),
    from: T.Optional(T.String({ maxLength: 40, description: 'Placed at or after (ISO 8601)' })),
    to: T.Optional(T.String({ maxLength: 40, description: 'Placed at or before (ISO 8601)' })),
    email: T.Optional(T.String({ maxLength: 254, description: 'The customer’s address' })),
    sku: T.Optional(T.String({ maxLength: 64, description: 'Orders holding this SKU' })),
    search: T.Optional(T.String({ maxLength: 100, description: 'A number, or part of an address or name' })),
  };
  const Id = T.Object({ id: T.Integer({ minimum: 1 }) }, Strict);
  const Note = { note: T.Optional(T.String({ maxLength: 1000 })) };
  const filtersOf = (query: Record<string, unknown>): OrderFilters => {
    const { page: _page, per_page: _perPage, ...rest } = query;
    for (const key of ['from', 'to'] as const)
      if (typeof rest[key] === 'string' && Number.isNaN(Date.parse(rest[key])))
        throw errors.ValidationFailed.field(key, 'Not a date and time (ISO 8601).');
    return rest as OrderFilters;
  };

  routes.get(
    '/orders',
    {
      permission,
      summary: 'Orders, newest first, with filters (status, dates, customer’s address, SKU) and search',
      querystring: T.Object(
        {
          ...filters,
          page: T.Optional(T.Integer({ minimum: 1 })),
          per_page: T.Optional(T.Integer({ minimum: 1, maximum: 100 })),
        },
        Strict,
      ),
    },
    (ctx, { query }) => orders.list(ctx, filtersOf(query), query.page ?? 1, query.per_page ?? 50),
  );
  routes.get(
    '/orders.csv',
    { permission, summary: 'The orders matching the filters as CSV', querystring: T.Object(filters, Strict) },
    async (ctx, { query }) =>
      attachment({
        filename: 'orders.csv',
        contentType: 'text/csv; charset=utf-8',
        body: await orders.csv(ctx, filtersOf(query)),
      }),
  );
  routes.get(
    '/customers/orders',
    {
      permission,
      summary: 'A customer’s orders and what they spent (paid, shipped and delivered orders)',
      querystring: T.Object({ email: T.String({ minLength: 3, maxLength: 254 }) }, Strict),
    },
    (ctx, { query }) => orders.customer(ctx, { email: query.email }),
  );
  routes.get(
    '/orders/:id/detail',
    { permission, summary: 'An order with its history', params: Id },
    (ctx, { params }) => orders.detail(ctx, params.id),
  );
  routes.post(
    '/orders/:id/ship',
    {
      permission,
      summary: 'A paid order leaves: its carrier and tracking number, mailed to the buyer',
      params: Id,
      body: T.Object(
        {
          carrier: T.String({ minLength: 1, maxLength: 100 }),
          tracking_number: T.String({ minLength: 1, maxLength: 100 }),
          ...Note,
        },
        Strict,
      ),
    },
    (ctx, { params, body }) => orders.move(ctx, params.id, 'shipped', body),
  );
  routes.post(
    '/orders/:id/deliver',
    { permission, summary: 'A shipped order arrived', params: Id, body: T.Object(Note, Strict) },
    (ctx, { params, body }) => orders.move(ctx, params.id, 'delivered', body),
  );
  routes.post(
    '/orders/:id/cancel',
    {
      permission,
      summary: 'Cancel a pending order, or a paid one, refunded in full first; its stock goes back',
      params: Id,
      body: T.Object(Note, Strict),
    },
    (ctx, { params, body }) => orders.move(ctx, params.id, 'cancelled', body),
  );

  routes.get(
    '/my-orders',
    { permission: 'public', rateLimit: 'general', summary: 'The signed-in buyer’s orders, newest first' },
    async (ctx: PluginOperation, { visitor }) => {
      const account = (await visitor.read())?.account;
      if (!account) throw new errors.Forbidden('Sign in to see your orders.', 'ecommerce_sign_in_needed');
      const { rows } = await listOrders(
        plugin.db<OrdersTables>(ctx),
        { accountId: account.id },
        { limit: 100, offset: 0 },
      );
      return rows.map(orderView);
    },
  );
}
