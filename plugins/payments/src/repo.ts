import type { PluginDb } from '@tessera/plugin';
import type { Payment, PaymentRefund, PaymentStatus } from './api.js';
import { REFUNDABLE, statusesBefore } from './model.js';

/**
 * The plugin's tables and their queries, always through the site-scoped handle `plugin.db(ctx)`:
 * a payment of another site is not found. Changes of status are conditional updates guarded by the
 * statuses they may come from, so of two deliveries racing only one moves a payment.
 */

/** Kysely's `Generated<T>` written out: a plugin imports nothing but `@tessera/plugin`. */
type Generated<T> = { readonly __select__: T; readonly __insert__: T | undefined; readonly __update__: T };
type WithGeneratedId<Row extends { id: number }> = Omit<Row, 'id'> & { id: Generated<number> };

/** A payment's row: what the API answers, and the plugin's own bookkeeping beside it. */
export interface PaymentRow extends Payment {
  site_id: number;
  /** Refunds asked of the provider and not yet answered, in minor units. */
  refund_pending: number;
  /** The provider's page, given again to a buyer starting twice. */
  redirect_url: string | null;
  /** Which try at making the provider's session this is: part of its idempotency key. */
  attempt: number;
  cancel_requested_at: string | null;
}

export interface RefundRow {
  id: number;
  site_id: number;
  payment_id: number;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  origin: PaymentRefund['origin'];
  provider_refund_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventRow {
  site_id: number;
  provider: string;
  event_id: string;
  type: string;
  received_at: string;
}

export interface PaymentsTables {
  payments_payments: WithGeneratedId<PaymentRow>;
  payments_refunds: WithGeneratedId<RefundRow>;
  payments_events: EventRow;
}

export type PaymentsDb = PluginDb<PaymentsTables>;

const now = () => new Date().toISOString();

/** A row as the API answers it: the provider's internals (the page's address, the tries) left out. */
export function paymentOf(row: PaymentRow): Payment {
  return {
    id: Number(row.id),
    purpose: row.purpose,
    reference: row.reference,
    method: row.method,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    customer_email: row.customer_email,
    status: row.status,
    amount_refunded: Number(row.amount_refunded),
    provider_session_id: row.provider_session_id,
    provider_payment_intent: row.provider_payment_intent,
    created_at: row.created_at,
    updated_at: row.updated_at,
    paid_at: row.paid_at,
  };
}

export function refundOf(row: RefundRow): PaymentRefund {
  return { id: Number(row.id), amount: Number(row.amount), origin: row.origin, created_at: row.created_at };
}

export type NewPayment = Pick<
  Payment,
  'purpose' | 'reference' | 'method' | 'amount' | 'currency' | 'description' | 'customer_email'
>;

export async function insertPayment(db: PaymentsDb, payment: NewPayment): Promise<PaymentRow> {
  const at = now();
  const row = await db
    .insertInto('payments_payments', {
      ...payment,
      status: 'pending',
      amount_refunded: 0,
      refund_pending: 0,
      provider_session_id: null,
      provider_payment_intent: null,
      redirect_url: null,
      attempt: 1,
      cancel_requested_at: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as PaymentRow;
}

export async function findPayment(db: PaymentsDb, id: number): Promise<PaymentRow | undefined> {
  return (await db.selectFrom('payments_payments').selectAll().where('id', '=', id).executeTakeFirst()) as
    | PaymentRow
    | undefined;
}

/** Our payment a provider's id names: its Checkout Session, or the PaymentIntent it made. */
export async function findByProviderId(
  db: PaymentsDb,
  column: 'provider_session_id' | 'provider_payment_intent',
  value: string,
): Promise<PaymentRow | undefined> {
  return (await db
    .selectFrom('payments_payments')
    .selectAll()
    .where(column, '=', value)
    .executeTakeFirst()) as PaymentRow | undefined;
}

/** The pending payment a second start for the same thing gives back (a buyer clicking twice). */
export async function findPendingTwin(db: PaymentsDb, payment: NewPayment): Promise<PaymentRow | undefined> {
  return (await db
    .selectFrom('payments_payments')
    .selectAll()
    .where('purpose', '=', payment.purpose)
    .where('reference', '=', payment.reference)
    .where('method', '=', payment.method)
    .where('amount', '=', payment.amount)
    .where('currency', '=', payment.currency)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst()) as PaymentRow | undefined;
}

export interface PaymentFilters {
  status?: PaymentStatus | undefined;
  purpose?: string | undefined;
  reference?: string | undefined;
  page: number;
  perPage: number;
}

export async function listPayments(
  db: PaymentsDb,
  filters: PaymentFilters,
): Promise<{ rows: PaymentRow[]; total: number }> {
  let query = db.selectFrom('payments_payments');
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.purpose) query = query.where('purpose', '=', filters.purpose);
  if (filters.reference) query = query.where('reference', '=', filters.reference);
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filters.perPage)
    .offset((filters.page - 1) * filters.perPage)
    .execute();
  const counted = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  return { rows: rows as PaymentRow[], total: Number(counted?.total ?? 0) };
}

export async function setSession(
  db: PaymentsDb,
  id: number,
  session: { id: string; url: string | null },
): Promise<void> {
  await db
    .updateTable('payments_payments')
    .set({ provider_session_id: session.id, redirect_url: session.url, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** The next request for a session goes with a new idempotency key. */
export async function nextAttempt(db: PaymentsDb, id: number): Promise<void> {
  await db
    .updateTable('payments_payments')
    .set((eb) => ({ attempt: eb('attempt', '+', 1), updated_at: now() }))
    .where('id', '=', id)
    .execute();
}

/** Marks (or unmarks) a pending payment as being cancelled by the site. */
export async function markCancelling(db: PaymentsDb, id: number, cancelling: boolean): Promise<void> {
  await db
    .updateTable('payments_payments')
    .set({ cancel_requested_at: cancelling ? now() : null, updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function setIntent(db: PaymentsDb, id: number, intent: string): Promise<void> {
  await db
    .updateTable('payments_payments')
    .set({ provider_payment_intent: intent, updated_at: now() })
    .where('id', '=', id)
    .where('provider_payment_intent', 'is', null)
    .execute();
}

/**
 * Moves a payment to an outcome if it may still reach it; false when another change got there
 * first (a duplicate delivery, an expiry after the payment).
 */
export async function moveStatus(db: PaymentsDb, id: number, to: PaymentStatus): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('payments_payments')
    .set({ status: to, updated_at: at, ...(to === 'paid' ? { paid_at: at } : {}) })
    .where('id', '=', id)
    .where('status', 'in', statusesBefore(to))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds `amount` of a paid payment for a refund about to be asked, if that much is left: two
 * refunds asked at once cannot give back more than was paid.
 */
export async function reserveRefund(db: PaymentsDb, id: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('payments_payments')
    .set((eb) => ({ refund_pending: eb('refund_pending', '+', amount), updated_at: now() }))
    .where('id', '=', id)
    .where('status', 'in', REFUNDABLE)
    .where((eb) =>
      eb(eb(eb('amount_refunded', '+', eb.ref('refund_pending')), '+', amount), '<=', eb.ref('amount')),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts `amount` as refunded, taken from what was reserved for it when `reserved`. */
export async function addRefunded(
  db: PaymentsDb,
  id: number,
  amount: number,
  reserved: boolean,
): Promise<void> {
  await db
    .updateTable('payments_payments')
    .set((eb) => ({
      amount_refunded: eb('amount_refunded', '+', amount),
      ...(reserved ? { refund_pending: eb('refund_pending', '-', amount) } : {}),
      updated_at: now(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Gives back what a refund that failed had reserved. */
export async function releaseRefund(db: PaymentsDb, id: number, amount: number): Promise<void> {
  await db
    .updateTable('payments_payments')
    .set((eb) => ({ refund_pending: eb('refund_pending', '-', amount), updated_at: now() }))
    .where('id', '=', id)
    .execute();
}

export async function setStatus(db: PaymentsDb, id: number, status: PaymentStatus): Promise<void> {
  await db.updateTable('payments_payments').set({ status, updated_at: now() }).where('id', '=', id).execute();
}

export async function insertRefund(
  db: PaymentsDb,
  refund: Pick<RefundRow, 'payment_id' | 'amount' | 'status' | 'origin' | 'provider_refund_id'>,
): Promise<RefundRow> {
  const at = now();
  return (await db
    .insertInto('payments_refunds', { ...refund, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow()) as RefundRow;
}

export async function findRefund(db: PaymentsDb, id: number): Promise<RefundRow | undefined> {
  return (await db.selectFrom('payments_refunds').selectAll().where('id', '=', id).executeTakeFirst()) as
    | RefundRow
    | undefined;
}

export async function refundsOf(db: PaymentsDb, paymentId: number): Promise<RefundRow[]> {
  return (await db
    .selectFrom('payments_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute()) as RefundRow[];
}

/** Ends a pending refund (succeeded or failed) once; false when it was ended already. */
export async function settleRefund(
  db: PaymentsDb,
  id: number,
  status: 'succeeded' | 'failed',
  providerRefundId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('payments_refunds')
    .set({
      status,
      ...(providerRefundId ? { provider_refund_id: providerRefundId } : {}),
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a provider's event as handled; false when it was already (a duplicate delivery). */
export async function recordEvent(
  db: PaymentsDb,
  provider: string,
  eventId: string,
  type: string,
): Promise<boolean> {
  const result = await db
    .insertInto('payments_events', { provider, event_id: eventId, type, received_at: now() })
    .onConflict((conflict) => conflict.columns(['site_id', 'provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
