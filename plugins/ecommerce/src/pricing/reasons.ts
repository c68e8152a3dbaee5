import { formatPrice } from '../price-format.js';
import type { Reason } from './types.js';

/**
 * Why a coupon or a delivery method does not apply, as a stable code and plain words for the buyer
 * (English: the shop's pages translate by code). Amounts are written in the buyer's language.
 */

export interface Money {
  currency: string;
  locale: string;
}

export const reasons = {
  couponRepeated: (): Reason => ({
    code: 'coupon_already_applied',
    message: 'This code is applied already.',
  }),
  couponUnknown: (): Reason => ({ code: 'coupon_unknown', message: 'No coupon has this code.' }),
  couponNotStarted: (): Reason => ({
    code: 'coupon_not_started',
    message: 'This code cannot be used yet.',
  }),
  couponExpired: (): Reason => ({ code: 'coupon_expired', message: 'This code has expired.' }),
  couponUsedUp: (): Reason => ({
    code: 'coupon_usage_limit_reached',
    message: 'This code has been used as many times as it may be.',
  }),
  couponUsedByCustomer: (): Reason => ({
    code: 'coupon_customer_limit_reached',
    message: 'You have used this code as many times as you may.',
  }),
  couponMinimum: (minimum: number, money: Money): Reason => ({
    code: 'coupon_minimum_not_met',
    message: `This code applies to orders of ${formatPrice(minimum, money.currency, money.locale)} or more.`,
  }),
  couponNoItems: (): Reason => ({
    code: 'coupon_not_applicable',
    message: 'This code does not apply to any item in your cart.',
  }),
  noZone: (): Reason => ({
    code: 'shipping_no_zone',
    message: 'We do not deliver to this address.',
  }),
  noAddress: (): Reason => ({
    code: 'shipping_address_needed',
    message: 'Enter a delivery address to see how it can be delivered.',
  }),
  methodUnknown: (): Reason => ({
    code: 'shipping_method_unavailable',
    message: 'This delivery method is not offered for this address.',
  }),
  tooHeavy: (): Reason => ({
    code: 'shipping_too_heavy',
    message: 'This order is too heavy for this delivery method.',
  }),
  methodMinimum: (minimum: number, money: Money): Reason => ({
    code: 'shipping_minimum_not_met',
    message: `This delivery method applies to orders of ${formatPrice(minimum, money.currency, money.locale)} or more.`,
  }),
  freeMinimum: (minimum: number, money: Money): Reason => ({
    code: 'shipping_minimum_not_met',
    message: `Free delivery applies to orders of ${formatPrice(minimum, money.currency, money.locale)} or more.`,
  }),
};
