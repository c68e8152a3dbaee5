import { definePlugin } from '@tessera/plugin';
import { accountData } from './account-data.js';
import type { EcommerceApi } from './api.js';
import { cartRoutes } from './cart-routes.js';
import { cartService } from './cart-service.js';
import { checkoutRoutes } from './checkout-routes.js';
import { checkoutService } from './checkout-service.js';
import { MANAGE_ORDERS, MANAGE_PRODUCTS, MANAGE_SETTINGS, VIEW_REPORTS } from './model.js';
import { keepOffers } from './offers.js';
import { declareOrderMails } from './order-mail.js';
import { orderRoutes } from './order-routes.js';
import { ordersService } from './orders-service.js';
import { paymentHooks } from './payment-hooks.js';
import { PRODUCT_TYPE } from './product-type.js';
import { ecommerceRoutes } from './routes.js';
import { rulesRoutes } from './rules-routes.js';
import { rulesSchemas } from './rules-schemas.js';
import { ecommerceSchemas } from './schemas.js';
import { checkSettings, DEFAULTS, settingsSchema } from './settings.js';
import { skuRegistry } from './sku-registry.js';
import { declareStockMail } from './stock-mail.js';
import { stockService } from './stock-service.js';

/**
 * Tessera's e-commerce plugin, through the plugin context alone. This first part is the catalogue:
 * products as a content type of the plugin's (options, variants with SKU, price, weight and image,
 * a gallery, categories and tags), stock per SKU that concurrent sales never oversell, low-stock
 * mails, and the pricing engine (`pricing/`: taxes, delivery zones, coupons), pure and ready for the
 * cart and checkout.
 */
export default definePlugin((plugin) => {
  plugin.permissions.register(MANAGE_PRODUCTS, 'Set products’ stock, see low stock, generate variants');
  plugin.permissions.register(MANAGE_ORDERS, 'See, ship, cancel and refund orders');
  plugin.permissions.register(VIEW_REPORTS, 'See the shop’s sales reports and low stock');
  plugin.permissions.register(MANAGE_SETTINGS, 'Set up delivery zones, taxes and coupons');
  plugin.settings.define(settingsSchema(plugin), DEFAULTS, {
    description: 'The shop: its currency, how prices and taxes are entered and rounded, low-stock alerts',
    check: checkSettings,
  });
  plugin.content.defineType(PRODUCT_TYPE);
  declareStockMail(plugin);
  declareOrderMails(plugin);
  skuRegistry(plugin);
  keepOffers(plugin);

  const stock = stockService(plugin);
  ecommerceRoutes(plugin, ecommerceSchemas(plugin.schema), stock);
  rulesRoutes(plugin, rulesSchemas(plugin.schema));
  const carts = cartService(plugin, stock);
  cartRoutes(plugin, carts);
  checkoutRoutes(plugin, checkoutService(plugin, carts, stock));
  paymentHooks(plugin, stock);
  orderRoutes(plugin, ordersService(plugin, stock));
  accountData(plugin);

  const api: EcommerceApi = {
    decrementStock: stock.decrement,
    releaseStock: stock.release,
    stockLevels: stock.levels,
  };
  plugin.api.provide(api);
});
