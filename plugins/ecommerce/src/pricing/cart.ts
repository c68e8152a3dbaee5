import { applyCoupons } from './coupons.js';
import { apportion, assertMinor, type Fraction, roundHalfUp, sum } from './money.js';
import { type Money, reasons } from './reasons.js';
import { shippingOption, zoneFor } from './shipping.js';
import { exactTaxes, ratesAt } from './tax.js';
import type {
  DeliveryZone,
  PricedCart,
  PricedLine,
  PricedShipping,
  PricingInput,
  Reason,
  ShippingMethod,
  ShippingOption,
  TaxAmount,
  TaxRate,
} from './types.js';

/**
 * The pricing engine: a cart's figures from its lines, the shop's rules and the buyer's choices,
 * with no I/O. The same input always gives the same figures, to the cent: the cart, the checkout and
 * the order all call it, and the order keeps what it answered.
 *
 * In order:
 * 1. each line's subtotal (unit price × quantity, as entered);
 * 2. the coupons, in the order entered (see coupons.ts), taking their discount off the lines;
 * 3. delivery: the zone serving the address, its methods' costs on the discounted goods and the
 *    parcel's weight, the chosen one's cost (nothing with a free-shipping code);
 * 4. taxes on each discounted line and on the delivery, at the address (the shop's own without an
 *    address, and for local pickup), with the rates of each one's tax class;
 * 5. the totals: what the buyer pays is every line's total and the delivery's.
 *
 * Prices as entered either include tax (`pricesIncludeTax`: the buyer pays them as they are, the
 * tax is the part of them the rates say) or do not (the tax is added on top). The same holds for
 * delivery amounts and fixed coupons: a shop enters every amount one way. A price with tax stays
 * the price paid wherever the buyer is (Stripe's `inclusive` behaviour): only the tax inside it
 * changes with the address.
 *
 * Rounding (`taxRounding`), always half up (money.ts says why):
 * - `line`: each line's tax, per rate, is rounded to the cent, and the order's tax is their sum;
 *   every line's figures are exact as shown (WooCommerce's default, and Stripe Tax's).
 * - `order`: each rate's tax is added up over the lines unrounded and rounded once; each line then
 *   shows its share of that, apportioned by largest remainder so the lines still add up to it.
 * Three lines of 3.33 at 10 % have 0.333 of tax each: 0.33 + 0.33 + 0.33 = 0.99 per line, but
 * 0.999 rounded once is 1.00 per order.
 */
export function priceCart(input: PricingInput): PricedCart {
  const money: Money = { currency: input.currency, locale: input.locale ?? 'en' };
  const { lines } = input;
  for (const line of lines) {
    assertMinor(line.unitPrice, `Line ${line.id}'s price`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError(`Line ${line.id}'s quantity must be a whole number, 1 or more: ${line.quantity}`);
    if (line.weight !== undefined) assertMinor(line.weight, `Line ${line.id}'s weight`);
  }
  const subtotals = lines.map((line) => line.unitPrice * line.quantity);
  const subtotal = subtotals.reduce((a, b) => a + b, 0);
  assertMinor(subtotal, 'The subtotal');

  const now = typeof input.now === 'string' ? Date.parse(input.now) : input.now.getTime();
  const coupons = applyCoupons(input.coupons, { lines, subtotal, now, ...money });
  const discounted = lines.map((line, i) => {
    const lineSubtotal = subtotals[i] ?? 0;
    const discount = coupons.discounts[i] ?? 0;
    return { line, subtotal: lineSubtotal, discount, amount: lineSubtotal - discount };
  });
  const goods = discounted.reduce((all, each) => all + each.amount, 0);
  const weight = lines.reduce((all, line) => all + (line.weight ?? 0) * line.quantity, 0);

  const delivery = deliveryOf(input, { weight, goods, ...money }, coupons.freeShipping);
  const taxAddress = delivery.method?.kind === 'pickup' || !input.address ? input.shopAddress : input.address;

  // The taxed items: the lines, then the delivery when there is one; each tax rounded per line first.
  const taxed = (amount: number, rates: readonly TaxRate[]): TaxedItem => ({
    amount,
    taxes: exactTaxes(amount, rates, input.pricesIncludeTax).map((tax) => ({
      ...tax,
      amount: roundHalfUp(tax.exact),
    })),
  });
  const rows = discounted.map((each) => ({
    ...each,
    item: taxed(each.amount, ratesAt(input.taxRates, taxAddress, each.line.taxClass)),
  }));
  const shippingItem = delivery.method
    ? taxed(
        delivery.amount,
        delivery.method.taxable === false
          ? []
          : ratesAt(input.taxRates, taxAddress, delivery.method.taxClass, true),
      )
    : null;
  if (input.taxRounding === 'order')
    roundPerOrder([...rows.map((row) => row.item), ...(shippingItem ? [shippingItem] : [])]);

  const figures = (item: TaxedItem) => {
    const taxes: TaxAmount[] = item.taxes.map(({ rate, amount }) => taxAmount(rate, amount));
    const tax = taxes.reduce((all, each) => all + each.amount, 0);
    return input.pricesIncludeTax
      ? { net: item.amount - tax, tax, total: item.amount, taxes }
      : { net: item.amount, tax, total: item.amount + tax, taxes };
  };
  const pricedLines: PricedLine[] = rows.map((row) => ({
    id: row.line.id,
    quantity: row.line.quantity,
    unitPrice: row.line.unitPrice,
    subtotal: row.subtotal,
    discount: row.discount,
    ...figures(row.item),
  }));
  const shipping: PricedShipping | null =
    delivery.method && shippingItem
      ? {
          methodId: delivery.method.id,
          name: delivery.method.name,
          amount: delivery.amount,
          ...figures(shippingItem),
        }
      : null;

  const taxes = taxTotals(input.taxRates, [...pricedLines.map((line) => line.taxes), shipping?.taxes ?? []]);
  return {
    lines: pricedLines,
    subtotal,
    discount: coupons.discounts.reduce((a, b) => a + b, 0),
    shipping,
    shippingIssue: delivery.issue,
    shippingOptions: delivery.options,
    zone: delivery.zone ? { id: delivery.zone.id, name: delivery.zone.name } : null,
    taxes,
    tax: taxes.reduce((all, each) => all + each.amount, 0),
    total: pricedLines.reduce((all, line) => all + line.total, 0) + (shipping?.total ?? 0),
    pricesIncludeTax: input.pricesIncludeTax,
    coupons: coupons.outcomes,
  };
}

/** An amount taxed: each rate's exact tax, and what is charged of it once rounded. */
interface TaxedItem {
  amount: number;
  taxes: Array<{ rate: TaxRate; exact: Fraction; amount: number }>;
}

interface Delivery {
  zone: DeliveryZone | null;
  options: ShippingOption[];
  method: ShippingMethod | null;
  /** As entered, after a free-shipping code. */
  amount: number;
  issue: Reason | null;
}

function deliveryOf(
  input: PricingInput,
  parcel: { weight: number; goods: number } & Money,
  freeShipping: boolean,
): Delivery {
  const none = (zone: DeliveryZone | null, options: ShippingOption[], issue: Reason | null): Delivery => ({
    zone,
    options,
    method: null,
    amount: 0,
    issue,
  });
  if (!input.address) return none(null, [], reasons.noAddress());
  const zone = zoneFor(input.zones, input.address);
  if (!zone) return none(null, [], reasons.noZone());
  const options = zone.methods.map((method) => shippingOption(method, parcel));
  if (!input.shippingMethodId) return none(zone, options, null);
  const method = zone.methods.find((each) => each.id === input.shippingMethodId);
  if (!method) return none(zone, options, reasons.methodUnknown());
  const option = shippingOption(method, parcel);
  if (!option.available) return none(zone, options, option.reason);
  assertMinor(option.amount, `Delivery method ${option.id}'s amount`);
  return { zone, options, method, amount: freeShipping ? 0 : option.amount, issue: null };
}

/** Each rate's exact taxes added up over the items and rounded once, then shared back out to them. */
function roundPerOrder(items: readonly TaxedItem[]): void {
  const byRate = new Map<string, Array<{ exact: Fraction; amount: number }>>();
  for (const item of items)
    for (const tax of item.taxes) byRate.set(tax.rate.id, [...(byRate.get(tax.rate.id) ?? []), tax]);
  for (const shares of byRate.values()) {
    const exact = shares.map((share) => share.exact);
    const parts = apportion(roundHalfUp(sum(exact)), exact);
    shares.forEach((share, i) => {
      share.amount = parts[i] ?? 0;
    });
  }
}

function taxAmount(rate: TaxRate, amount: number): TaxAmount {
  return { id: rate.id, name: rate.name, rate: rate.rate, amount };
}

/** Every rate that applied, its tax added up over the items, in the order of the rates given. */
function taxTotals(rates: readonly TaxRate[], items: ReadonlyArray<readonly TaxAmount[]>): TaxAmount[] {
  const totals = new Map<string, TaxAmount>();
  for (const taxes of items)
    for (const tax of taxes) {
      const held = totals.get(tax.id);
      totals.set(tax.id, held ? { ...held, amount: held.amount + tax.amount } : { ...tax });
    }
  const order = new Map(rates.map((rate, i) => [rate.id, i]));
  return [...totals.values()].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
