import { inLocation, inPostcodes } from './locations.js';
import { type Money, reasons } from './reasons.js';
import type { Address, DeliveryZone, ShippingMethod, ShippingOption } from './types.js';

/** Delivery: which zone serves an address, and what each of its methods costs for a cart. */

/** The first zone whose locations (any, when it has none) and postcodes (when given) hold the address. */
export function zoneFor(zones: readonly DeliveryZone[], address: Address): DeliveryZone | null {
  return (
    zones.find(
      (zone) =>
        (zone.locations.length === 0 || zone.locations.some((location) => inLocation(address, location))) &&
        inPostcodes(address, zone.postcodes),
    ) ?? null
  );
}

/** What the methods are priced on. */
export interface ParcelFacts extends Money {
  /** Grams, every line's weight times its quantity. */
  weight: number;
  /** The goods after discounts, as entered: what "free above" and value bands look at. */
  goods: number;
}

/** A method's cost for the parcel, as entered, or why it is not offered. */
export function shippingOption(method: ShippingMethod, parcel: ParcelFacts): ShippingOption {
  const { id, name } = method;
  const offered = (amount: number): ShippingOption => ({ id, name, available: true, amount });
  const freeAbove = (amount: number, threshold: number | null | undefined) =>
    offered(threshold != null && parcel.goods >= threshold ? 0 : amount);
  switch (method.kind) {
    case 'flat':
      return freeAbove(method.amount, method.freeAbove);
    case 'weight': {
      const band = [...method.bands]
        .sort((a, b) => a.upTo - b.upTo)
        .find((each) => parcel.weight <= each.upTo);
      if (!band) return { id, name, available: false, reason: reasons.tooHeavy() };
      return freeAbove(band.amount, method.freeAbove);
    }
    case 'value': {
      const bands = [...method.bands].sort((a, b) => b.from - a.from);
      const band = bands.find((each) => parcel.goods >= each.from);
      if (!band) {
        const lowest = bands.at(-1)?.from ?? 0;
        return { id, name, available: false, reason: reasons.methodMinimum(lowest, parcel) };
      }
      return freeAbove(band.amount, method.freeAbove);
    }
    case 'free':
      if (method.minimum != null && parcel.goods < method.minimum)
        return { id, name, available: false, reason: reasons.freeMinimum(method.minimum, parcel) };
      return offered(0);
    case 'pickup':
      return offered(method.amount ?? 0);
  }
}
