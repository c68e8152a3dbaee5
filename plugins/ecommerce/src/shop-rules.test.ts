import { describe, expect, it } from 'vitest';
import { priceCart } from './pricing/cart.js';
import {
  type CouponRule,
  couponForPricing,
  type DeliveryZoneRule,
  type TaxRateRule,
  taxRateForPricing,
  zoneForPricing,
} from './shop-rules.js';

const stamps = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const zone: DeliveryZoneRule = {
  id: 3,
  name: 'France',
  position: 0,
  locations: [{ country: 'FR' }],
  postcodes: [],
  methods: [
    {
      id: 'post',
      name: 'Post',
      kind: 'weight',
      bands: [
        { up_to: 1000, amount: 600 },
        { up_to: 5000, amount: 1200 },
      ],
    },
    { id: 'express', name: 'Express', kind: 'flat', amount: 1500, free_above: 5000 },
    { id: 'shop', name: 'At the shop', kind: 'pickup' },
  ],
  ...stamps,
};
const vat: TaxRateRule = {
  id: 7,
  name: 'TVA 20 %',
  rate: 20,
  country: 'FR',
  regions: [],
  postcodes: [],
  tax_class: 'standard',
  priority: 1,
  shipping: true,
  position: 0,
  ...stamps,
};
const coupon: CouponRule = {
  id: 1,
  code: 'TEN',
  kind: 'percentage',
  amount: 10,
  starts_at: null,
  ends_at: null,
  minimum_order: null,
  usage_limit: 5,
  usage_limit_per_customer: 1,
  times_used: 0,
  product_ids: [],
  category_ids: [],
  excluded_product_ids: [],
  excluded_category_ids: [],
  ...stamps,
};

const cart = (changes: Partial<Parameters<typeof priceCart>[0]> = {}) =>
  priceCart({
    currency: 'EUR',
    lines: [{ id: 'MUG', unitPrice: 1200, quantity: 2, weight: 400, productId: 5 }],
    pricesIncludeTax: true,
    taxRounding: 'line',
    address: { country: 'FR', postcode: '75011' },
    shopAddress: { country: 'FR' },
    taxRates: [taxRateForPricing(vat)],
    zones: [zoneForPricing(zone)],
    shippingMethodId: 'post',
    coupons: [],
    now: '2026-07-01T00:00:00Z',
    ...changes,
  });

describe('the shop’s rules in the pricing engine', () => {
  it('prices delivery by the zone’s weight bands and taxes it at the zone’s rate', () => {
    const priced = cart();
    expect(priced.zone).toEqual({ id: '3', name: 'France' });
    expect(priced.shippingOptions).toEqual([
      { id: 'post', name: 'Post', available: true, amount: 600 },
      { id: 'express', name: 'Express', available: true, amount: 1500 },
      { id: 'shop', name: 'At the shop', available: true, amount: 0 },
    ]);
    // 2400 of goods and 600 of delivery, tax included: 400 + 100 of VAT.
    expect(priced).toMatchObject({ subtotal: 2400, total: 3000, tax: 500 });
    expect(priced.taxes).toEqual([{ id: '7', name: 'TVA 20 %', rate: 20, amount: 500 }]);
  });

  it('applies a coupon with its limits, and says why one does not', () => {
    expect(cart({ coupons: [couponForPricing(coupon, 0)] })).toMatchObject({ discount: 240, total: 2760 });
    const used = cart({ coupons: [couponForPricing(coupon, 1)] });
    expect(used.coupons).toEqual([
      {
        code: 'TEN',
        applied: false,
        reason: expect.objectContaining({ code: 'coupon_customer_limit_reached' }),
      },
    ]);
  });

  it('frees the delivery above its amount and leaves out a rate not for shipping', () => {
    const big = cart({ lines: [{ id: 'LAMP', unitPrice: 6000, quantity: 1 }], shippingMethodId: 'express' });
    expect(big.shipping).toMatchObject({ methodId: 'express', total: 0 });
    const untaxed = cart({ taxRates: [taxRateForPricing({ ...vat, shipping: false })] });
    expect(untaxed.shipping).toMatchObject({ total: 600, tax: 0 });
  });
});
