import type { PluginOperation } from '@tessera/plugin';
import type { StockLevel, StockLine } from './model.js';

export type { StockLevel, StockLine } from './model.js';

/**
 * What the e-commerce plugin offers the plugins that require it (`"requires": { "ecommerce": "^1" }`),
 * through `plugin.api.of<EcommerceApi>('ecommerce')`: a point of sale, a marketplace connector, a
 * subscription box. Types only: import them with `import type`.
 *
 * Each function takes the caller's operation first and acts on its site, inside its transaction
 * (one is opened when none is). A refusal is thrown as a typed error: let it through, so the
 * transaction rolls back whole.
 */
export interface EcommerceApi {
  /**
   * Takes the lines from stock, all or none: 409 `ecommerce_out_of_stock` naming the first SKU
   * without enough (its field `lines.<index>`), 404 `ecommerce_sku_not_found` for a SKU no product
   * sells, 422 for a quantity that is not a whole number of 1 or more. Untracked SKUs are passed
   * over. A SKU left at or under its threshold mails the site's administrators, once per crossing.
   * Answers each SKU's level after, in SKU order.
   */
  decrementStock(ctx: PluginOperation, lines: readonly StockLine[]): Promise<StockLevel[]>;
  /** Gives the lines back to stock (an order cancelled); untracked SKUs are passed over. */
  releaseStock(ctx: PluginOperation, lines: readonly StockLine[]): Promise<StockLevel[]>;
  /** The levels of these SKUs, in the order given (a SKU unknown has 0 on hand and no product). */
  stockLevels(ctx: PluginOperation, skus: readonly string[]): Promise<StockLevel[]>;
}
