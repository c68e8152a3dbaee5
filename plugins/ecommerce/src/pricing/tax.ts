import { inLocation, inPostcodes } from './locations.js';
import { type Fraction, HUNDRED_PERCENT, percentUnits, portion } from './money.js';
import type { Address, TaxRate } from './types.js';

/** Which rates apply to an amount, and the exact tax each takes of it. */

const STANDARD = 'standard';

/** How specific a matching rate is: postcodes beat a region, a region a country, a country `*`. */
function specificity(rate: TaxRate): number {
  if (rate.postcodes && rate.postcodes.length > 0) return 3;
  if (rate.regions && rate.regions.length > 0) return 2;
  return rate.country === '*' ? 0 : 1;
}

function matches(rate: TaxRate, address: Address): boolean {
  if (!inLocation(address, { country: rate.country })) return false;
  if (rate.regions && rate.regions.length > 0) {
    if (!rate.regions.some((region) => inLocation(address, { country: rate.country, region }))) return false;
  }
  return inPostcodes(address, rate.postcodes);
}

/**
 * The rates of `taxClass` at `address`: one per priority, the most specific, the earlier on a tie
 * (WooCommerce's rule), in the order of their priorities. `forShipping` keeps only those applying
 * to shipping.
 */
export function ratesAt(
  rates: readonly TaxRate[],
  address: Address,
  taxClass: string | undefined,
  forShipping = false,
): TaxRate[] {
  const wanted = taxClass || STANDARD;
  const best = new Map<number, TaxRate>();
  for (const rate of rates) {
    if ((rate.taxClass || STANDARD) !== wanted || !matches(rate, address)) continue;
    if (forShipping && rate.shipping === false) continue;
    const priority = rate.priority ?? 1;
    const held = best.get(priority);
    if (!held || specificity(rate) > specificity(held)) best.set(priority, rate);
  }
  return [...best.entries()].sort(([a], [b]) => a - b).map(([, rate]) => rate);
}

/**
 * The exact tax each rate takes of `amount`. Without tax (`inclusive` false) each rate is a share of
 * the amount: 20 % of 1000 is 200. With tax included, the amount is the net plus every rate's
 * share of the net, so each rate's tax is `amount × rate / (100 % + the rates' sum)`: 20 % in
 * 1200 is 200.
 */
export function exactTaxes(
  amount: number,
  rates: readonly TaxRate[],
  inclusive: boolean,
): Array<{ rate: TaxRate; exact: Fraction }> {
  const withUnits = rates.map((rate) => ({ rate, units: percentUnits(rate.rate) }));
  const base = inclusive
    ? HUNDRED_PERCENT + withUnits.reduce((all, each) => all + each.units, 0n)
    : HUNDRED_PERCENT;
  return withUnits.map(({ rate, units }) => ({ rate, exact: portion(amount, units, base) }));
}
