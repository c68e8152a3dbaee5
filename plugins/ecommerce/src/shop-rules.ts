import type { Coupon, DeliveryZone, ShippingMethod, TaxRate } from './pricing/types.js';

/**
 * The shop's rules as managers write them through `/api/ecommerce/zones`, `/tax-rates` and
 * `/coupons` (snake_case, amounts in minor units), and what the pricing engine is given of them.
 * The engine's types stay its own: these are turned into them here, and nowhere else.
 */

export interface DeliveryMethodRule {
  /** The shop's name for it (`standard`, `express`), unique in its zone: what a cart chooses. */
  id: string;
  name: string;
  kind: 'flat' | 'weight' | 'value' | 'free' | 'pickup';
  /** flat: the amount; pickup: what collecting costs (0 when absent). */
  amount?: number | null;
  /** weight: grams up to which each amount applies; value: the goods' value from which it does. */
  bands?: Array<{ up_to?: number; from?: number; amount: number }>;
  /** flat, weight, value: free once the goods (after discounts) reach this. */
  free_above?: number | null;
  /** free: offered only from this amount of goods. */
  minimum?: number | null;
  /** Tax applies to it (default true). */
  taxable?: boolean;
  tax_class?: string;
}

export interface DeliveryZoneRule {
  id: number;
  name: string;
  position: number;
  locations: Array<{ country: string; region?: string | null }>;
  postcodes: string[];
  methods: DeliveryMethodRule[];
  created_at: string;
  updated_at: string;
}

export interface TaxRateRule {
  id: number;
  name: string;
  /** Percent, at most four decimals. */
  rate: number;
  /** ISO 3166-1 alpha-2, or `*`. */
  country: string;
  regions: string[];
  postcodes: string[];
  tax_class: string;
  priority: number;
  /** Applies to delivery too. */
  shipping: boolean;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface CouponRule {
  id: number;
  code: string;
  kind: 'percentage' | 'fixed' | 'free_shipping';
  /** percentage: percent; fixed: minor units; free_shipping: 0. */
  amount: number;
  starts_at: string | null;
  ends_at: string | null;
  minimum_order: number | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  /** Orders paid with it so far. */
  times_used: number;
  product_ids: number[];
  category_ids: number[];
  excluded_product_ids: number[];
  excluded_category_ids: number[];
  created_at: string;
  updated_at: string;
}

export type ZoneInput = Omit<DeliveryZoneRule, 'id' | 'created_at' | 'updated_at'>;
export type TaxRateInput = Omit<TaxRateRule, 'id' | 'created_at' | 'updated_at'>;
export type CouponInput = Omit<CouponRule, 'id' | 'times_used' | 'created_at' | 'updated_at'>;

function methodOf(rule: DeliveryMethodRule): ShippingMethod {
  const common = {
    id: rule.id,
    name: rule.name,
    taxable: rule.taxable ?? true,
    ...(rule.tax_class ? { taxClass: rule.tax_class } : {}),
  };
  const bands = rule.bands ?? [];
  switch (rule.kind) {
    case 'flat':
      return { ...common, kind: 'flat', amount: rule.amount ?? 0, freeAbove: rule.free_above ?? null };
    case 'weight':
      return {
        ...common,
        kind: 'weight',
        bands: bands.map((band) => ({ upTo: band.up_to ?? 0, amount: band.amount })),
        freeAbove: rule.free_above ?? null,
      };
    case 'value':
      return {
        ...common,
        kind: 'value',
        bands: bands.map((band) => ({ from: band.from ?? 0, amount: band.amount })),
        freeAbove: rule.free_above ?? null,
      };
    case 'free':
      return { ...common, kind: 'free', minimum: rule.minimum ?? null };
    case 'pickup':
      return { ...common, kind: 'pickup', amount: rule.amount ?? 0 };
  }
}

export function zoneForPricing(rule: DeliveryZoneRule): DeliveryZone {
  return {
    id: String(rule.id),
    name: rule.name,
    locations: rule.locations,
    postcodes: rule.postcodes,
    methods: rule.methods.map(methodOf),
  };
}

export function taxRateForPricing(rule: TaxRateRule): TaxRate {
  return {
    id: String(rule.id),
    name: rule.name,
    rate: rule.rate,
    country: rule.country,
    regions: rule.regions,
    postcodes: rule.postcodes,
    taxClass: rule.tax_class,
    priority: rule.priority,
    shipping: rule.shipping,
  };
}

/** A coupon as the engine checks it, with how often it was used in all and by this customer. */
export function couponForPricing(rule: CouponRule, customerUses: number): Coupon {
  return {
    code: rule.code,
    kind: rule.kind,
    amount: rule.amount,
    startsAt: rule.starts_at,
    endsAt: rule.ends_at,
    minimumOrder: rule.minimum_order,
    usageLimit: rule.usage_limit,
    timesUsed: rule.times_used,
    usageLimitPerCustomer: rule.usage_limit_per_customer,
    customerUses,
    productIds: rule.product_ids,
    categoryIds: rule.category_ids,
    excludedProductIds: rule.excluded_product_ids,
    excludedCategoryIds: rule.excluded_category_ids,
  };
}
