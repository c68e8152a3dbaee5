import type { PluginContext } from '@tessera/plugin';
import { isCurrency } from './price-format.js';
import type { RoundingMode } from './pricing/types.js';

/** The settings group `ecommerce`, per site: the money, how taxes are entered and rounded, stock alerts. */
export interface EcommerceSettings {
  currency: string;
  prices_include_tax: boolean;
  tax_rounding: RoundingMode;
  low_stock_threshold: number;
  /** Where the shop is: the taxes of a cart without an address yet, and of local pickup. */
  shop_country: string;
  shop_region: string;
  shop_postcode: string;
}

/**
 * Euros, prices entered as buyers pay them (a European shop selling to consumers must show prices
 * with VAT), tax rounded per line (WooCommerce's and Stripe Tax's default), and WooCommerce's
 * low-stock default of 2.
 */
export const DEFAULTS: EcommerceSettings = {
  currency: 'EUR',
  prices_include_tax: true,
  tax_rounding: 'line',
  low_stock_threshold: 2,
  shop_country: 'FR',
  shop_region: '',
  shop_postcode: '',
};

export function settingsSchema(plugin: PluginContext) {
  const T = plugin.schema;
  return T.Object(
    {
      currency: T.String({
        pattern: '^[A-Z]{3}$',
        title: 'Currency',
        description:
          'The ISO 4217 code of the shop’s prices (EUR, USD, GBP, CHF…). Prices are not converted when it changes: set it before entering them.',
      }),
      prices_include_tax: T.Boolean({
        title: 'Prices include tax',
        description:
          'On: the prices, delivery rates and fixed discounts you enter are what buyers pay, tax included. Off: tax is added on top at checkout.',
      }),
      tax_rounding: T.Union(
        [T.Literal('line', { title: 'Per line' }), T.Literal('order', { title: 'Per order' })],
        {
          title: 'Tax rounding',
          description:
            'Per line: each line’s tax is rounded to the cent, the order’s is their sum. Per order: each rate’s tax is rounded once over the whole order, which can differ by a cent or two.',
        },
      ),
      low_stock_threshold: T.Integer({
        minimum: 0,
        maximum: 1_000_000,
        title: 'Low stock threshold',
        description:
          'A variant with this many left or fewer is low: the site’s administrators are mailed when a sale brings it there. A variant may have its own.',
      }),
      shop_country: T.String({
        pattern: '^[A-Z]{2}$',
        title: 'Shop’s country',
        description:
          'ISO 3166-1 alpha-2 (FR, BE, CA). Carts are taxed here until the buyer gives an address, and so is local pickup.',
      }),
      shop_region: T.String({
        maxLength: 3,
        title: 'Shop’s region',
        description: 'ISO 3166-2 without the country (QC), when taxes differ by region; empty otherwise.',
      }),
      shop_postcode: T.String({ maxLength: 20, title: 'Shop’s postcode' }),
    },
    { title: 'Shop', additionalProperties: false },
  );
}

/** What the schema cannot say: a currency code Intl does not know. */
export function checkSettings(values: EcommerceSettings): Record<string, string> {
  return isCurrency(values.currency)
    ? {}
    : { currency: `${values.currency} is not an ISO 4217 currency code (EUR, USD, GBP…).` };
}
