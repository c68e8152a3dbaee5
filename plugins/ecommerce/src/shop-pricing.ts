import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { priceCart } from './pricing/cart.js';
import { reasons } from './pricing/reasons.js';
import type { Address, CouponOutcome, PricedCart } from './pricing/types.js';
import type { Offer } from './repo-offers.js';
import { couponsByCode, listTaxRates, listZones, type RulesTables } from './repo-rules.js';
import type { EcommerceSettings } from './settings.js';
import { type CouponRule, couponForPricing, taxRateForPricing, zoneForPricing } from './shop-rules.js';

/**
 * A cart priced with the site's rules as they are now: its settings, zones, tax rates and the
 * coupons the buyer entered. The one way the cart and the checkout get their figures: the engine
 * (pricing/) does the arithmetic, this only gathers what it is given.
 */

export interface LineToPrice {
  sku: string;
  quantity: number;
  offer: Offer;
}

export interface PricingRequest {
  lines: readonly LineToPrice[];
  codes: readonly string[];
  address: Address | null;
  shippingMethod: string | null;
  locale: string;
  /** How many orders of this buyer used each coupon (by id); none when absent. */
  customerUses?: ReadonlyMap<number, number>;
}

export interface ShopPricing {
  priced: PricedCart;
  currency: string;
  /** The coupons that exist, in the order entered. */
  coupons: CouponRule[];
}

export async function priceWithRules(
  plugin: PluginContext,
  ctx: PluginOperation,
  request: PricingRequest,
): Promise<ShopPricing> {
  const db = plugin.db<RulesTables>(ctx);
  const settings = await plugin.settings.read<EcommerceSettings>(ctx);
  const [zones, rates, coupons] = await Promise.all([
    listZones(db),
    listTaxRates(db),
    couponsByCode(db, request.codes),
  ]);
  const priced = priceCart({
    currency: settings.currency,
    locale: request.locale,
    lines: request.lines.map(({ sku, quantity, offer }) => ({
      id: sku,
      productId: offer.productId,
      categoryIds: offer.categoryIds,
      unitPrice: offer.price,
      quantity,
      taxClass: offer.taxClass,
      ...(offer.weight === null ? {} : { weight: offer.weight }),
    })),
    pricesIncludeTax: settings.prices_include_tax,
    taxRounding: settings.tax_rounding,
    address: request.address,
    shopAddress: {
      country: settings.shop_country,
      region: settings.shop_region || null,
      postcode: settings.shop_postcode || null,
    },
    taxRates: rates.map(taxRateForPricing),
    zones: zones.map(zoneForPricing),
    shippingMethodId: request.shippingMethod,
    coupons: coupons.map((coupon) => couponForPricing(coupon, request.customerUses?.get(coupon.id) ?? 0)),
    now: new Date(),
  });
  return {
    priced: { ...priced, coupons: withUnknown(request.codes, coupons, priced.coupons) },
    currency: settings.currency,
    coupons,
  };
}

/** The engine's outcomes, in the order entered, with the codes no coupon has (deleted since) said so. */
function withUnknown(
  codes: readonly string[],
  known: readonly CouponRule[],
  outcomes: readonly CouponOutcome[],
): CouponOutcome[] {
  const byKey = new Map(outcomes.map((outcome) => [outcome.code.toUpperCase(), outcome]));
  const exists = new Set(known.map((coupon) => coupon.code.toUpperCase()));
  return codes.map(
    (code) =>
      (exists.has(code.toUpperCase()) ? byKey.get(code.toUpperCase()) : undefined) ?? {
        code,
        applied: false as const,
        reason: reasons.couponUnknown(),
      },
  );
}
