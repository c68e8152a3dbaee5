import type { CouponInput, DeliveryMethodRule, TaxRateInput, ZoneInput } from './shop-rules.js';

/**
 * What the routes' schemas cannot say about the shop's rules: one field depending on another, a
 * method's bands, a postcode range the wrong way round. Each answers messages by field
 * (`methods.1.bands`), empty when all is well; the routes refuse with 422.
 */

export type Problems = Record<string, string[]>;

const add = (problems: Problems, field: string, message: string) => {
  problems[field] = [...(problems[field] ?? []), message];
};

/** At most four decimals: rates and percentages are exact to a ten-thousandth of a percent. */
const fourDecimals = (value: number) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6;

/** A range `75000...75999` must go up; the other patterns take any characters. */
export function postcodeProblem(pattern: string): string | null {
  const range = /^\s*(\d+)\s*\.\.\.\s*(\d+)\s*$/.exec(pattern);
  if (range && Number(range[1]) > Number(range[2]))
    return `The range ${pattern.trim()} ends before it starts.`;
  if (pattern.includes('...') && !range) return `A range is two numbers: 75000...75999.`;
  return null;
}

function postcodesProblems(problems: Problems, field: string, postcodes: readonly string[]): void {
  postcodes.forEach((pattern, i) => {
    const problem = postcodeProblem(pattern);
    if (problem) add(problems, `${field}.${i}`, problem);
  });
}

function methodProblems(problems: Problems, field: string, method: DeliveryMethodRule): void {
  const bands = method.bands ?? [];
  const banded = method.kind === 'weight' || method.kind === 'value';
  if (method.kind === 'flat' && method.amount == null)
    add(problems, `${field}.amount`, 'A flat rate needs its amount.');
  if (banded && bands.length === 0) add(problems, `${field}.bands`, 'Give at least one band.');
  if (!banded && bands.length > 0) add(problems, `${field}.bands`, `A ${method.kind} method has no bands.`);
  const key = method.kind === 'weight' ? 'up_to' : 'from';
  const seen = new Set<number>();
  bands.forEach((band, i) => {
    const bound = band[key];
    if (banded && bound == null) add(problems, `${field}.bands.${i}.${key}`, 'Each band needs it.');
    else if (banded && bound != null && seen.has(bound))
      add(problems, `${field}.bands.${i}.${key}`, 'Another band starts or ends here already.');
    if (bound != null) seen.add(bound);
  });
  if ((method.kind === 'free' || method.kind === 'pickup') && method.free_above != null)
    add(problems, `${field}.free_above`, `A ${method.kind} method is free already, or costs what it says.`);
}

export function zoneProblems(zone: ZoneInput): Problems {
  const problems: Problems = {};
  postcodesProblems(problems, 'postcodes', zone.postcodes);
  const ids = new Set<string>();
  zone.methods.forEach((method, i) => {
    if (ids.has(method.id)) add(problems, `methods.${i}.id`, `Another method of this zone is ${method.id}.`);
    ids.add(method.id);
    methodProblems(problems, `methods.${i}`, method);
  });
  return problems;
}

export function taxRateProblems(rate: TaxRateInput): Problems {
  const problems: Problems = {};
  if (!fourDecimals(rate.rate)) add(problems, 'rate', 'A rate has at most four decimals.');
  if (rate.country === '*' && rate.regions.length > 0)
    add(problems, 'regions', 'Regions belong to a country: name it.');
  postcodesProblems(problems, 'postcodes', rate.postcodes);
  return problems;
}

export function couponProblems(coupon: CouponInput): Problems {
  const problems: Problems = {};
  if (
    coupon.kind === 'percentage' &&
    (coupon.amount <= 0 || coupon.amount > 100 || !fourDecimals(coupon.amount))
  )
    add(problems, 'amount', 'A percentage is above 0 and at most 100, with at most four decimals.');
  if (coupon.kind === 'fixed' && (!Number.isSafeInteger(coupon.amount) || coupon.amount < 1))
    add(problems, 'amount', 'A fixed amount is a whole number of minor units (cents), 1 or more.');
  if (coupon.kind === 'free_shipping' && coupon.amount !== 0)
    add(problems, 'amount', 'A free-shipping code takes nothing off the goods: leave its amount at 0.');
  const starts = coupon.starts_at === null ? null : Date.parse(coupon.starts_at);
  const ends = coupon.ends_at === null ? null : Date.parse(coupon.ends_at);
  if (starts !== null && Number.isNaN(starts)) add(problems, 'starts_at', 'Not a date and time (ISO 8601).');
  if (ends !== null && Number.isNaN(ends)) add(problems, 'ends_at', 'Not a date and time (ISO 8601).');
  if (starts !== null && ends !== null && ends <= starts)
    add(problems, 'ends_at', 'It ends before it starts.');
  const excluded = new Set(coupon.excluded_product_ids);
  if (coupon.product_ids.some((id) => excluded.has(id)))
    add(problems, 'excluded_product_ids', 'A product is both included and excluded.');
  const excludedCategories = new Set(coupon.excluded_category_ids);
  if (coupon.category_ids.some((id) => excludedCategories.has(id)))
    add(problems, 'excluded_category_ids', 'A category is both included and excluded.');
  return problems;
}
