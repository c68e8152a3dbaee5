/** The shop's words for what it keeps: its permissions, a product's options and variants, stock. */

export const MANAGE_PRODUCTS = 'ecommerce.manage_products';
export const MANAGE_ORDERS = 'ecommerce.manage_orders';
export const VIEW_REPORTS = 'ecommerce.view_reports';
export const MANAGE_SETTINGS = 'ecommerce.manage_settings';

/** What a product is offered in (size, colour): at most three, each with its values in order. */
export interface ProductOption {
  name: string;
  values: Array<{ value: string }>;
}

/**
 * One thing the shop sells: a combination of the product's option values (`option1` holds a value
 * of the first option, and so on, Shopify's layout), with its own SKU, price and stock. Prices are
 * integers of minor units of the site's currency; weight is grams.
 */
export interface Variant {
  sku: string;
  option1?: string | null;
  option2?: string | null;
  option3?: string | null;
  price: number;
  /** The former or usual price, shown struck through when above `price`. */
  compare_at_price?: number | null;
  weight?: number | null;
  /** Stock is counted, and a sale needs some; absent counts as true. */
  track_stock?: boolean;
  /** A media library image of this variant. */
  image?: number | null;
}

export const OPTION_KEYS = ['option1', 'option2', 'option3'] as const;

/** A product's options and variants, as its entry's fields hold them. */
export interface ProductCatalogue {
  options: ProductOption[];
  variants: Variant[];
}

/** A variant's option values, in order: `M / Red`. */
export function variantLabel(variant: Variant): string {
  return OPTION_KEYS.map((key) => variant[key])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .join(' / ');
}

export const isTracked = (variant: Pick<Variant, 'track_stock'>) => variant.track_stock !== false;

/** A quantity of a SKU taken from stock or given back to it (an order's line). */
export interface StockLine {
  sku: string;
  quantity: number;
}

/** A SKU's stock as the shop's routes and the plugins requiring it see it. */
export interface StockLevel {
  sku: string;
  /** Whether sales count against it (a variant may sell without counting). */
  tracked: boolean;
  on_hand: number;
  /** The SKU's own threshold; null: the site's. */
  threshold: number | null;
  /** The threshold that applies: its own, else the site's low-stock setting. */
  effective_threshold: number;
  /** `on_hand` is at or under the threshold. */
  low: boolean;
  updated_at: string | null;
  /** The product selling it, in the site's language when it has that translation; null if none does now. */
  product: { id: number | null; title: string; variant: string } | null;
}
