import type { OrderStatus } from './repo-orders.js';

/**
 * Where an order may go from where it is (spec 3.2), and who moves it:
 * - pending to paid: only the payment's confirmation (payments.paid), never a person here;
 * - pending to cancelled: a manager, or the payment failing or expiring;
 * - paid to shipped (with carrier and tracking number), or to cancelled (refunded in full);
 * - shipped to delivered.
 * Delivered and cancelled are final.
 */
export const MANAGER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Why the move is refused, in words for the manager; null when it is allowed. */
export function refusal(from: OrderStatus, to: OrderStatus): string | null {
  if (MANAGER_MOVES[from].includes(to)) return null;
  if (from === to) return `The order is ${to} already.`;
  if (to === 'paid') return 'An order becomes paid when its payment is confirmed, not by hand.';
  return `An order ${from} cannot become ${to}.`;
}

/** A cell of a CSV export that a spreadsheet would run as a formula, written as text instead. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
