import type { PaymentMethod, PaymentStatus } from './api.js';

/** The plugin's permissions. */
export const VIEW = 'payments.view';
export const REFUND = 'payments.refund';
export const MANAGE = 'payments.manage';

export const STATUSES: readonly PaymentStatus[] = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'partially_refunded',
  'refunded',
];
export const METHODS: readonly PaymentMethod[] = ['stripe', 'bank_transfer', 'cash_on_delivery'];
export const MANUAL_METHODS: readonly PaymentMethod[] = ['bank_transfer', 'cash_on_delivery'];

/** Stripe's ceiling for one payment in most currencies (999,999.99), far above any shop's basket. */
export const MOST_AMOUNT = 99_999_999;

/** The ends of a pending payment: each is reached at most once, and only from `pending`. */
export type Outcome = 'paid' | 'failed' | 'expired' | 'cancelled';

/**
 * What a status may become. Changes only move forward, so a webhook delivered twice or late (an
 * `expired` after `completed`) finds the payment past it and changes nothing.
 */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed', 'expired', 'cancelled'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  failed: [],
  expired: [],
  cancelled: [],
};

export function mayBecome(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses from which `to` can be reached: the guard of a conditional update. */
export function statusesBefore(to: PaymentStatus): PaymentStatus[] {
  return STATUSES.filter((from) => mayBecome(from, to));
}

/** A payment whose money arrived and may be refunded. */
export const REFUNDABLE: readonly PaymentStatus[] = ['paid', 'partially_refunded'];

/** The status a paid payment takes once `refunded` of its `amount` went back. */
export function refundedStatus(amount: number, refunded: number): PaymentStatus {
  return refunded >= amount ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'paid';
}
