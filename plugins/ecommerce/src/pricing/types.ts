/**
 * What the pricing engine takes and gives. Every amount is an integer of minor units of the shop's
 * currency; weights are grams; rates are percentages (20, 5.5). The engine reads nothing and writes
 * nothing: the caller gives it the cart, the rules and the time, and stores what it answers.
 */

/** Where goods go (or where the shop is). Countries are ISO 3166-1 alpha-2 (`FR`), regions the
 * ISO 3166-2 subdivision without the country (`QC` in Canada, `CA` in the United States). */
export interface Address {
  country: string;
  region?: string | null;
  postcode?: string | null;
}

export interface CartLine {
  /** The caller's id for the line (its SKU, say): the priced line carries it back. */
  id: string;
  /** The product's entry, for coupons limited to products. */
  productId?: number | null;
  /** Its categories' term ids, for coupons limited to categories. */
  categoryIds?: readonly number[];
  /** The price of one, as entered: with tax or without it, as `pricesIncludeTax` says. */
  unitPrice: number;
  quantity: number;
  /** Which tax rates apply (`standard`, `reduced`...); `standard` when absent. */
  taxClass?: string;
  /** Grams, for one. */
  weight?: number;
}

/**
 * A tax rate and where it applies. Among the rates matching an address and a tax class, one per
 * `priority` applies, the most specific (postcodes, then region, then country, then `*`), the
 * earlier in the list on a tie; rates of different priorities add up (a country's tax and a
 * region's). Each is computed on the same amount: no tax on tax.
 */
export interface TaxRate {
  id: string;
  /** As receipts show it (`TVA 20 %`, `GST`). */
  name: string;
  /** Percent, at most four decimals. */
  rate: number;
  /** ISO 3166-1 alpha-2, or `*` for everywhere. */
  country: string;
  /** Subdivisions it is limited to; any when absent or empty. */
  regions?: readonly string[];
  /** Postcode patterns it is limited to (see `postcodeMatches`); any when absent or empty. */
  postcodes?: readonly string[];
  /** `standard` when absent. */
  taxClass?: string;
  /** 1 when absent. */
  priority?: number;
  /** Whether it applies to shipping too (default true). */
  shipping?: boolean;
}

/** What a delivery method charges, besides its name. */
export type ShippingRate =
  /** One amount whatever the cart. */
  | { kind: 'flat'; amount: number; freeAbove?: number | null }
  /** By the parcel's weight: the first band whose `upTo` (grams) it does not exceed; heavier than every band, not offered. */
  | { kind: 'weight'; bands: readonly { upTo: number; amount: number }[]; freeAbove?: number | null }
  /** By the goods' value (after discounts): the band with the highest `from` the value reaches. */
  | { kind: 'value'; bands: readonly { from: number; amount: number }[]; freeAbove?: number | null }
  /** Free; offered only from `minimum` (goods after discounts) when one is set. */
  | { kind: 'free'; minimum?: number | null }
  /** Collected at the shop: taxed where the shop is, not where the buyer lives. */
  | { kind: 'pickup'; amount?: number };

export type ShippingMethod = ShippingRate & {
  id: string;
  name: string;
  /** Whether tax applies to it (default true). */
  taxable?: boolean;
  /** `standard` when absent. */
  taxClass?: string;
};

/**
 * Where a shop delivers: the first zone in the list that matches the address serves it. A zone
 * with no locations matches everywhere (put it last: the rest of the world).
 */
export interface DeliveryZone {
  id: string;
  name: string;
  /** A country, or a region of it. */
  locations: readonly { country: string; region?: string | null }[];
  /** Postcode patterns the address must also match, when given. */
  postcodes?: readonly string[];
  methods: readonly ShippingMethod[];
}

export interface Coupon {
  code: string;
  kind: 'percentage' | 'fixed' | 'free_shipping';
  /** percentage: percent (above 0, at most 100, four decimals); fixed: minor units; free_shipping: unused. */
  amount: number;
  /** ISO 8601: not before, and not after. */
  startsAt?: string | null;
  endsAt?: string | null;
  /** The cart's subtotal (before discounts, as entered) it needs, in minor units. */
  minimumOrder?: number | null;
  /** How many orders may use it in all, and how many have. */
  usageLimit?: number | null;
  timesUsed?: number;
  /** How many orders of one customer may use it, and how many of this customer's have. */
  usageLimitPerCustomer?: number | null;
  customerUses?: number;
  /** Limited to these products or these categories (either matches); every line when both are empty. */
  productIds?: readonly number[];
  categoryIds?: readonly number[];
  /** Never these, whatever the above says. */
  excludedProductIds?: readonly number[];
  excludedCategoryIds?: readonly number[];
}

export type RoundingMode = 'line' | 'order';

export interface PricingInput {
  /** ISO 4217, for the amounts in the reasons' messages. */
  currency: string;
  /** The buyer's language, for the same. `en` when absent. */
  locale?: string;
  lines: readonly CartLine[];
  /** Prices (and shipping amounts, and fixed coupons) are entered with tax: the buyer pays them as they are. */
  pricesIncludeTax: boolean;
  /** See `priceCart`. */
  taxRounding: RoundingMode;
  /** Where the goods go; null before the buyer says (taxes are then the shop's own). */
  address: Address | null;
  /** Where the shop is: the taxes of a cart without an address, and of local pickup. */
  shopAddress: Address;
  taxRates: readonly TaxRate[];
  zones: readonly DeliveryZone[];
  /** The delivery method chosen; none yet when absent. */
  shippingMethodId?: string | null;
  /** Codes the buyer entered, in the order entered; each applies to what the previous left. */
  coupons: readonly Coupon[];
  now: Date | string;
}

/** Why something does not apply: a stable code, and words for the buyer. */
export interface Reason {
  code: string;
  message: string;
}

/** A tax rate's share of an amount. */
export interface TaxAmount {
  id: string;
  name: string;
  rate: number;
  amount: number;
}

export interface PricedLine {
  id: string;
  quantity: number;
  unitPrice: number;
  /** unitPrice × quantity, as entered. */
  subtotal: number;
  /** What coupons took off it, as entered. */
  discount: number;
  /** Without tax, after discount. */
  net: number;
  tax: number;
  /** With tax, after discount: what the buyer pays for the line. */
  total: number;
  taxes: TaxAmount[];
}

export type CouponOutcome =
  | { code: string; applied: true; discount: number; freeShipping: boolean }
  | { code: string; applied: false; reason: Reason };

/** A method of the zone serving the address, as the checkout lists it. */
export type ShippingOption =
  | { id: string; name: string; available: true; amount: number }
  | { id: string; name: string; available: false; reason: Reason };

export interface PricedShipping {
  methodId: string;
  name: string;
  /** As entered (with or without tax, as the prices), after a free-shipping coupon. */
  amount: number;
  net: number;
  tax: number;
  total: number;
  taxes: TaxAmount[];
}

export interface PricedCart {
  lines: PricedLine[];
  /** The lines' subtotals, as entered. */
  subtotal: number;
  /** What coupons took off, as entered. */
  discount: number;
  /** The method chosen, or null (none chosen, or none possible: see `shippingIssue`). */
  shipping: PricedShipping | null;
  shippingIssue: Reason | null;
  shippingOptions: ShippingOption[];
  zone: { id: string; name: string } | null;
  /** Every tax, by rate, in the order of the rates given. */
  taxes: TaxAmount[];
  tax: number;
  /** What the buyer pays. */
  total: number;
  pricesIncludeTax: boolean;
  coupons: CouponOutcome[];
}
