import { allocate, assertMinor, HUNDRED_PERCENT, percentUnits, portion, roundHalfUp } from './money.js';
import { type Money, reasons } from './reasons.js';
import type { CartLine, Coupon, CouponOutcome, Reason } from './types.js';

/**
 * Coupons: whether a code applies to a cart, and what it takes off each line.
 *
 * Codes apply in the order entered, each to what the previous ones left of each line. A percentage
 * is taken of the eligible lines together and rounded once (half up); a fixed amount is capped at
 * what those lines are worth. Either is then split among them in proportion to their amounts, the
 * cents apportioned so the lines add up to the coupon's discount exactly. A free-shipping code
 * takes nothing off the lines: it makes the delivery free.
 */

/** What a coupon is checked against. */
export interface CouponContext extends Money {
  lines: readonly CartLine[];
  /** The lines' subtotals added up, before any discount, as entered. */
  subtotal: number;
  now: number;
  /** Codes applied before this one, in capitals. */
  applied: ReadonlySet<string>;
}

const listed = (ids: readonly number[] | undefined) => ids !== undefined && ids.length > 0;

/** Whether a line is one the coupon is for: its products or categories (either), none excluded. */
export function couponCovers(coupon: Coupon, line: CartLine): boolean {
  const product = line.productId ?? null;
  const categories = line.categoryIds ?? [];
  if (product !== null && coupon.excludedProductIds?.includes(product)) return false;
  if (categories.some((id) => coupon.excludedCategoryIds?.includes(id))) return false;
  if (!listed(coupon.productIds) && !listed(coupon.categoryIds)) return true;
  if (product !== null && coupon.productIds?.includes(product)) return true;
  return categories.some((id) => coupon.categoryIds?.includes(id));
}

/** The first reason the coupon does not apply, in the order a buyer can act on; null when it does. */
export function couponRefusal(coupon: Coupon, context: CouponContext): Reason | null {
  if (context.applied.has(coupon.code.toUpperCase())) return reasons.couponRepeated();
  if (coupon.startsAt && Date.parse(coupon.startsAt) > context.now) return reasons.couponNotStarted();
  if (coupon.endsAt && Date.parse(coupon.endsAt) < context.now) return reasons.couponExpired();
  if (coupon.usageLimit != null && (coupon.timesUsed ?? 0) >= coupon.usageLimit)
    return reasons.couponUsedUp();
  if (coupon.usageLimitPerCustomer != null && (coupon.customerUses ?? 0) >= coupon.usageLimitPerCustomer)
    return reasons.couponUsedByCustomer();
  if (coupon.minimumOrder != null && context.subtotal < coupon.minimumOrder)
    return reasons.couponMinimum(coupon.minimumOrder, context);
  if (!context.lines.some((line) => couponCovers(coupon, line))) return reasons.couponNoItems();
  return null;
}

/** What the coupon takes off each line, given what is left of each (`remaining`, as entered). */
export function couponDiscounts(
  coupon: Coupon,
  lines: readonly CartLine[],
  remaining: readonly number[],
): number[] {
  if (coupon.kind === 'free_shipping') return lines.map(() => 0);
  const weights = lines.map((line, i) => (couponCovers(coupon, line) ? (remaining[i] ?? 0) : 0));
  const base = weights.reduce((a, b) => a + b, 0);
  let total: number;
  if (coupon.kind === 'percentage') {
    if (coupon.amount <= 0 || coupon.amount > 100)
      throw new RangeError(`A percentage coupon takes 0 to 100 %: ${coupon.amount}`);
    total = roundHalfUp(portion(base, percentUnits(coupon.amount), HUNDRED_PERCENT));
  } else {
    assertMinor(coupon.amount, `Coupon ${coupon.code}'s amount`);
    total = Math.min(coupon.amount, base);
  }
  return allocate(total, weights);
}

/**
 * Applies the codes in turn: each outcome says what it took off, or why it does not apply; the
 * discounts are per line, added up over the codes that applied.
 */
export function applyCoupons(
  coupons: readonly Coupon[],
  context: Omit<CouponContext, 'applied'>,
): { outcomes: CouponOutcome[]; discounts: number[]; freeShipping: boolean } {
  const { lines } = context;
  const discounts = lines.map(() => 0);
  const applied = new Set<string>();
  const outcomes: CouponOutcome[] = [];
  let freeShipping = false;
  for (const coupon of coupons) {
    const reason = couponRefusal(coupon, { ...context, applied });
    if (reason) {
      outcomes.push({ code: coupon.code, applied: false, reason });
      continue;
    }
    applied.add(coupon.code.toUpperCase());
    const remaining = lines.map((line, i) => line.unitPrice * line.quantity - (discounts[i] ?? 0));
    const taken = couponDiscounts(coupon, lines, remaining);
    taken.forEach((amount, i) => {
      discounts[i] = (discounts[i] ?? 0) + amount;
    });
    if (coupon.kind === 'free_shipping') freeShipping = true;
    outcomes.push({
      code: coupon.code,
      applied: true,
      discount: taken.reduce((a, b) => a + b, 0),
      freeShipping: coupon.kind === 'free_shipping',
    });
  }
  return { outcomes, discounts, freeShipping };
}
