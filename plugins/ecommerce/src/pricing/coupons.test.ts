import { describe, expect, it } from 'vitest';
import { applyCoupons, couponCovers, couponRefusal } from './coupons.js';
import type { CartLine, Coupon } from './types.js';

// A mug (product 1, kitchen 10), a tea towel (product 2, kitchen 10 and linen 20), a book (product 3, books 30).
const LINES: CartLine[] = [
  { id: 'MUG', productId: 1, categoryIds: [10], unitPrice: 1250, quantity: 2 },
  { id: 'TOWEL', productId: 2, categoryIds: [10, 20], unitPrice: 800, quantity: 1 },
  { id: 'BOOK', productId: 3, categoryIds: [30], unitPrice: 1900, quantity: 1 },
];
const SUBTOTAL = 2500 + 800 + 1900;
const NOW = Date.parse('2026-06-15T12:00:00Z');
const context = {
  lines: LINES,
  subtotal: SUBTOTAL,
  now: NOW,
  currency: 'EUR',
  locale: 'en',
  applied: new Set<string>(),
};
const coupon = (changes: Partial<Coupon>): Coupon => ({
  code: 'SUMMER',
  kind: 'percentage',
  amount: 10,
  ...changes,
});
const refusal = (changes: Partial<Coupon>, over: Partial<typeof context> = {}) =>
  couponRefusal(coupon(changes), { ...context, ...over })?.code ?? null;

describe('whether a coupon applies', () => {
  it('applies between its start and its end, both included', () => {
    expect(refusal({ startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-30T23:59:59Z' })).toBeNull();
    expect(refusal({ startsAt: '2026-06-15T12:00:00Z', endsAt: '2026-06-15T12:00:00Z' })).toBeNull();
    expect(refusal({ startsAt: '2026-06-16T00:00:00Z' })).toBe('coupon_not_started');
    expect(refusal({ endsAt: '2026-06-15T11:59:59Z' })).toBe('coupon_expired');
  });

  it('applies while it has uses left, in all and for this customer', () => {
    expect(refusal({ usageLimit: 100, timesUsed: 99 })).toBeNull();
    expect(refusal({ usageLimit: 100, timesUsed: 100 })).toBe('coupon_usage_limit_reached');
    expect(refusal({ usageLimit: 0 })).toBe('coupon_usage_limit_reached');
    expect(refusal({ usageLimitPerCustomer: 1, customerUses: 0 })).toBeNull();
    expect(refusal({ usageLimitPerCustomer: 1, customerUses: 1 })).toBe('coupon_customer_limit_reached');
  });

  it('needs its minimum order, measured before discounts, and says it in the buyer’s language', () => {
    expect(refusal({ minimumOrder: SUBTOTAL })).toBeNull();
    const reason = couponRefusal(coupon({ minimumOrder: SUBTOTAL + 1 }), context);
    expect(reason).toEqual({
      code: 'coupon_minimum_not_met',
      message: 'This code applies to orders of €52.01 or more.',
    });
    const french = couponRefusal(coupon({ minimumOrder: 5000 + 1000 }), { ...context, locale: 'fr' });
    expect(french?.message.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'This code applies to orders of 60,00 € or more.',
    );
  });

  it('needs an item it is for, and is not applied twice whatever the case', () => {
    expect(refusal({ productIds: [99] })).toBe('coupon_not_applicable');
    expect(refusal({ excludedCategoryIds: [10, 30] })).toBe('coupon_not_applicable');
    expect(refusal({}, { applied: new Set(['SUMMER']) })).toBe('coupon_already_applied');
    expect(refusal({ code: 'summer' }, { applied: new Set(['SUMMER']) })).toBe('coupon_already_applied');
  });

  it('says the first reason a buyer can act on: dates before limits before the cart', () => {
    expect(refusal({ endsAt: '2026-01-01T00:00:00Z', usageLimit: 0, productIds: [99] })).toBe(
      'coupon_expired',
    );
    expect(refusal({ usageLimit: 0, minimumOrder: 1_000_000 })).toBe('coupon_usage_limit_reached');
    expect(refusal({ minimumOrder: 1_000_000, productIds: [99] })).toBe('coupon_minimum_not_met');
  });
});

describe('what a coupon is for', () => {
  const covered = (changes: Partial<Coupon>) =>
    LINES.filter((line) => couponCovers(coupon(changes), line)).map((line) => line.id);

  it('is every line when it names no product nor category', () => {
    expect(covered({})).toEqual(['MUG', 'TOWEL', 'BOOK']);
  });

  it('is the products or the categories it names, either one', () => {
    expect(covered({ productIds: [1] })).toEqual(['MUG']);
    expect(covered({ categoryIds: [20] })).toEqual(['TOWEL']);
    expect(covered({ productIds: [3], categoryIds: [20] })).toEqual(['TOWEL', 'BOOK']);
  });

  it('never is what it excludes, even a product it names', () => {
    expect(covered({ excludedProductIds: [2] })).toEqual(['MUG', 'BOOK']);
    expect(covered({ categoryIds: [10], excludedCategoryIds: [20] })).toEqual(['MUG']);
    expect(covered({ productIds: [2], excludedCategoryIds: [20] })).toEqual([]);
  });
});

describe('what coupons take off', () => {
  const apply = (coupons: Coupon[], lines = LINES) =>
    applyCoupons(coupons, {
      ...context,
      lines,
      subtotal: lines.reduce((all, line) => all + line.unitPrice * line.quantity, 0),
    });

  it('takes a percentage of the lines it is for, rounded once, split by their amounts', () => {
    const { discounts, outcomes } = apply([coupon({ amount: 15, categoryIds: [10] })]);
    // 15 % of 33.00 = 4.95: 3.75 off the mugs and 1.20 off the towel.
    expect(discounts).toEqual([375, 120, 0]);
    expect(outcomes).toEqual([{ code: 'SUMMER', applied: true, discount: 495, freeShipping: false }]);
  });

  it('rounds a percentage of small lines once, the cents apportioned so they add up', () => {
    const pennies: CartLine[] = ['A', 'B', 'C'].map((id) => ({ id, unitPrice: 5, quantity: 1 }));
    // 10 % of 0.15 = 0.015, rounded half up to 0.02, over three lines of 0.005 each.
    expect(apply([coupon({ amount: 10 })], pennies).discounts).toEqual([1, 1, 0]);
  });

  it('takes a fixed amount off the lines it is for, never more than they are worth', () => {
    expect(apply([coupon({ kind: 'fixed', amount: 1000 })]).discounts).toEqual([481, 154, 365]);
    expect(apply([coupon({ kind: 'fixed', amount: 5000, productIds: [2] })]).discounts).toEqual([0, 800, 0]);
  });

  it('applies codes in the order entered, each to what the previous left', () => {
    const { discounts, outcomes } = apply([
      coupon({ code: 'TENOFF', amount: 10 }),
      coupon({ code: 'FIVE', kind: 'fixed', amount: 500 }),
    ]);
    // 10 % of 52.00 = 5.20, then 5.00 of the 46.80 left.
    expect(outcomes.map((outcome) => (outcome.applied ? outcome.discount : null))).toEqual([520, 500]);
    expect(discounts.reduce((a, b) => a + b, 0)).toBe(1020);
    expect(discounts).toEqual([490, 157, 373]);
  });

  it('makes delivery free without touching the lines, and says why a code was passed over', () => {
    const result = apply([
      coupon({ code: 'SHIPFREE', kind: 'free_shipping', amount: 0 }),
      coupon({ code: 'LATE', endsAt: '2026-01-01T00:00:00Z' }),
      coupon({ code: 'shipfree', kind: 'free_shipping', amount: 0 }),
    ]);
    expect(result.freeShipping).toBe(true);
    expect(result.discounts).toEqual([0, 0, 0]);
    expect(result.outcomes).toEqual([
      { code: 'SHIPFREE', applied: true, discount: 0, freeShipping: true },
      { code: 'LATE', applied: false, reason: { code: 'coupon_expired', message: 'This code has expired.' } },
      {
        code: 'shipfree',
        applied: false,
        reason: { code: 'coupon_already_applied', message: 'This code is applied already.' },
      },
    ]);
  });

  it('refuses a percentage that is no percentage', () => {
    expect(() => apply([coupon({ amount: 120 })])).toThrow(RangeError);
    expect(() => apply([coupon({ kind: 'fixed', amount: 12.5 })])).toThrow(RangeError);
  });
});
