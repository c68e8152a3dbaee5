/**
 * Money is an integer of minor units (1999 is 19.99 € or $19.99; 1999 ¥ in yen). Amounts that
 * come out of a rate (a tax, a percentage off) are kept exact, as fractions of minor units, until
 * the rules say to round them: that is what makes rounding per line and per order differ.
 *
 * Rounding is half up, that is half away from zero (0.5 → 1, 2.5 → 3), never banker's (half to
 * even): VAT rules and the tools a shop's accounts are checked against round an exact half up.
 * Stripe rounds to the nearest minor unit, a half upwards, each line's tax on its own; WooCommerce
 * rounds tax with PHP_ROUND_HALF_UP when prices are entered without tax (and half down when they
 * include it, which leaves the half cent in the net: we round the tax half up either way, one rule
 * to explain). Banker's rounding evens out bias over many sums, which matters for statistics, not
 * for an invoice a buyer or an auditor recomputes by hand.
 */

/** An exact amount of minor units: `num / den`, `den` positive. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

export const ZERO: Fraction = { num: 0n, den: 1n };

/** `amount * num / den`, exactly. */
export function portion(amount: number, num: bigint, den: bigint): Fraction {
  return { num: BigInt(amount) * num, den };
}

export function add(a: Fraction, b: Fraction): Fraction {
  if (a.den === b.den) return { num: a.num + b.num, den: a.den };
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

export function sum(values: readonly Fraction[]): Fraction {
  return values.reduce(add, ZERO);
}

/** To the nearest minor unit, an exact half away from zero. */
export function roundHalfUp(value: Fraction): number {
  const negative = value.num < 0n;
  const magnitude = negative ? -value.num : value.num;
  const rounded = (2n * magnitude + value.den) / (2n * value.den);
  return Number(negative ? -rounded : rounded);
}

function floorOf(value: Fraction): bigint {
  const quotient = value.num / value.den;
  return value.num < 0n && quotient * value.den !== value.num ? quotient - 1n : quotient;
}

/**
 * Splits the whole `total` into integers as close as can be to the exact `shares` (which add up to
 * about `total`): each gets its share rounded down, and the units left go one each to the largest
 * remainders, the earlier share first on a tie. The parts always add up to `total` exactly, so an
 * order's figures and its lines' never disagree by a cent.
 */
export function apportion(total: number, shares: readonly Fraction[]): number[] {
  if (shares.length === 0) return [];
  const entries = shares.map((share) => {
    const floor = floorOf(share);
    return { part: floor, rest: { num: share.num - floor * share.den, den: share.den } };
  });
  let left = BigInt(total) - entries.reduce((all, entry) => all + entry.part, 0n);
  // Largest remainder first (compared exactly, across denominators); the earlier on a tie (the sort is stable).
  const ranked = [...entries].sort((a, b) => {
    const diff = b.rest.num * a.rest.den - a.rest.num * b.rest.den;
    return diff === 0n ? 0 : diff > 0n ? 1 : -1;
  });
  while (left > 0n)
    for (const entry of ranked) {
      if (left === 0n) break;
      entry.part += 1n;
      left -= 1n;
    }
  while (left < 0n)
    for (const entry of [...ranked].reverse()) {
      if (left === 0n) break;
      entry.part -= 1n;
      left += 1n;
    }
  return entries.map((entry) => Number(entry.part));
}

/** Splits `total` in proportion to `weights` (integers), with `apportion`. Zero weights get nothing. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole === 0) return weights.map(() => 0);
  return apportion(
    total,
    weights.map((weight) => portion(total, BigInt(weight), BigInt(whole))),
  );
}

/** Whether `value` can be money: an integer of minor units, zero or more, within exact range. */
export function isMinor(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function assertMinor(value: number, what: string): void {
  if (!isMinor(value))
    throw new RangeError(`${what} must be a whole number of minor units, 0 or more: ${value}`);
}

/**
 * A percentage as an integer of ten-thousandths of a percent (20 → 200 000, 5.5 → 55 000,
 * 8.875 → 88 750), so rates multiply exactly. At most four decimals.
 */
export function percentUnits(percent: number): bigint {
  const units = Math.round(percent * 10_000);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(units - percent * 10_000) > 1e-6)
    throw new RangeError(`A rate is a percentage of at most four decimals, 0 or more: ${percent}`);
  return BigInt(units);
}

/** 100 % in the units of `percentUnits`. */
export const HUNDRED_PERCENT = 1_000_000n;
