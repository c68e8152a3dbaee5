import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { orderView } from './checkout-service.js';
import { type CartRow, deleteCartsOf } from './repo-carts.js';
import { addressOf, anonymiseOrdersOf, listOrders, type OrdersTables } from './repo-orders.js';

/**
 * What the shop keeps of a site account, when an administrator deletes or exports it. The cart and
 * the saved address go. Orders are the shop's accounts, which it must keep: with `delete` as with
 * `anonymise` they stay, emptied of who bought them (repo-orders.ts says what is left).
 */
export function accountData(plugin: PluginContext): void {
  const db = (ctx: PluginOperation) => plugin.db<OrdersTables>(ctx);

  plugin.hooks.onAction('account.deleted', async (ctx, { account }) => {
    await deleteCartsOf(plugin.db<{ ecommerce_carts: CartRow }>(ctx), account.id);
    await anonymiseOrdersOf(db(ctx), account.id);
  });

  plugin.hooks.onFilter('account.export', async (data, ctx, account) => {
    const { rows } = await listOrders(db(ctx), { accountId: account.id }, { limit: null, offset: 0 });
    return {
      ...data,
      plugins: {
        ...data.plugins,
        [plugin.name]: { orders: rows.map(orderView), address: await addressOf(db(ctx), account.id) },
      },
    };
  });
}
