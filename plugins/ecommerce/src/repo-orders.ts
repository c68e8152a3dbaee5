import type { PluginDb } from '@tessera/plugin';

/**
 * Orders and their history through the site-scoped handle. A change of status is a conditional
 * UPDATE guarded by the status it comes from: of two changes racing (a webhook delivered twice, a
 * manager and the payment), one moves the order and the other finds nothing to move.
 */

type Generated<T> = { readonly __select__: T; readonly __insert__: T | undefined; readonly __update__: T };

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

export interface OrderAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  postcode: string;
  country: string;
  region?: string | null;
  phone?: string | null;
}

/** A line as sold: what the buyer saw and paid, whatever the product says since. */
export interface OrderLine {
  sku: string;
  product_id: number;
  title: string;
  variant: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

export interface OrderRow {
  id: Generated<number>;
  site_id: number;
  status: OrderStatus;
  email: string;
  account_id: number | null;
  locale: string;
  currency: string;
  lines: string;
  /** ` SKU1 SKU2 `: the order's SKUs, for the filter by product. */
  skus: string;
  shipping_address: string;
  billing_address: string | null;
  shipping: string;
  coupons: string;
  taxes: string;
  prices_include_tax: number;
  subtotal: number;
  discount: number;
  shipping_total: number;
  tax: number;
  total: number;
  payment_method: string;
  payment_id: number | null;
  access_key: string;
  carrier: string | null;
  tracking_number: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface HistoryRow {
  id: Generated<number>;
  site_id: number;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: string;
  note: string;
  created_at: string;
}

export interface OrdersTables {
  ecommerce_orders: OrderRow;
  ecommerce_order_history: HistoryRow;
  ecommerce_coupon_uses: {
    site_id: number;
    coupon_id: number;
    order_id: number;
    customer: string;
    created_at: string;
  };
  ecommerce_account_addresses: { site_id: number; account_id: number; address: string; updated_at: string };
  ecommerce_coupons: { id: number; site_id: number; times_used: number; usage_limit: number | null };
}

export type OrdersDb = PluginDb<OrdersTables>;
export type StoredOrder = Omit<OrderRow, 'id'> & { id: number };
export type NewOrder = Omit<
  OrderRow,
  'id' | 'site_id' | 'payment_id' | 'carrier' | 'tracking_number' | 'paid_at'
>;

const now = () => new Date().toISOString();

export async function insertOrder(db: OrdersDb, order: NewOrder): Promise<StoredOrder> {
  const row = await db
    .insertInto('ecommerce_orders', {
      ...order,
      payment_id: null,
      carrier: null,
      tracking_number: null,
      paid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

export async function findOrder(db: OrdersDb, id: number): Promise<StoredOrder | undefined> {
  const row = await db.selectFrom('ecommerce_orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

export async function setPayment(db: OrdersDb, id: number, paymentId: number): Promise<void> {
  await db
    .updateTable('ecommerce_orders')
    .set({ payment_id: paymentId, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Moves the order from `from` to `to` with `changes`: the order after, or undefined when it was not in `from`. */
export async function moveOrder(
  db: OrdersDb,
  id: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  changes: Partial<Pick<OrderRow, 'carrier' | 'tracking_number' | 'paid_at'>> = {},
): Promise<StoredOrder | undefined> {
  const row = await db
    .updateTable('ecommerce_orders')
    .set({ status: to, updated_at: now(), ...changes })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

export async function addHistory(
  db: OrdersDb,
  orderId: number,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: string,
  note = '',
): Promise<void> {
  await db
    .insertInto('ecommerce_order_history', {
      order_id: orderId,
      from_status: from,
      to_status: to,
      actor,
      note,
      created_at: now(),
    })
    .execute();
}

export async function historyOf(db: OrdersDb, orderId: number) {
  const rows = await db
    .selectFrom('ecommerce_order_history')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map(({ from_status, to_status, actor, note, created_at }) => ({
    from: from_status,
    to: to_status,
    actor,
    note,
    at: created_at,
  }));
}

/** How many orders of this customer (placed and not cancelled) used each coupon. */
export async function couponUsesOf(db: OrdersDb, customer: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ecommerce_coupon_uses')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('uses')])
    .where('customer', '=', customer.toLowerCase())
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.coupon_id), Number(row.uses)]));
}

/**
 * An order's coupons count against their limits from when it is placed, as its stock does: one
 * conditional UPDATE per coupon (`times_used < usage_limit`), so of two orders racing for a code's
 * last use one gets it. Answers the coupons that had none left (the caller refuses the order).
 */
export async function claimCoupons(
  db: OrdersDb,
  orderId: number,
  customer: string,
  couponIds: readonly number[],
): Promise<number[]> {
  const spent: number[] = [];
  for (const id of [...new Set(couponIds)].sort((x, y) => x - y)) {
    const result = await db
      .updateTable('ecommerce_coupons')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) spent.push(id);
  }
  if (spent.length > 0 || couponIds.length === 0) return spent;
  const at = now();
  await db
    .insertInto(
      'ecommerce_coupon_uses',
      [...new Set(couponIds)].map((coupon_id) => ({
        coupon_id,
        order_id: orderId,
        customer: customer.toLowerCase(),
        created_at: at,
      })),
    )
    .execute();
  return [];
}

/** A cancelled order's coupons may be used again. */
export async function releaseCoupons(db: OrdersDb, orderId: number): Promise<void> {
  const uses = await db
    .selectFrom('ecommerce_coupon_uses')
    .select('coupon_id')
    .where('order_id', '=', orderId)
    .execute();
  if (uses.length === 0) return;
  await db.deleteFrom('ecommerce_coupon_uses').where('order_id', '=', orderId).execute();
  await db
    .updateTable('ecommerce_coupons')
    .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
    .where(
      'id',
      'in',
      uses.map((use) => Number(use.coupon_id)),
    )
    .where('times_used', '>', 0)
    .execute();
}

export async function keepAddress(db: OrdersDb, accountId: number, address: OrderAddress): Promise<void> {
  const at = now();
  const text = JSON.stringify(address);
  await db
    .insertInto('ecommerce_account_addresses', { account_id: accountId, address: text, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'account_id']).doUpdateSet({ address: text, updated_at: at }),
    )
    .execute();
}

export async function addressOf(db: OrdersDb, accountId: number): Promise<OrderAddress | null> {
  const row = await db
    .selectFrom('ecommerce_account_addresses')
    .select('address')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? JSON.parse(row.address) : null;
}

export interface OrderFilters {
  status?: OrderStatus;
  /** ISO 8601: placed at or after, at or before. */
  from?: string;
  to?: string;
  email?: string;
  sku?: string;
  /** An order's number, or part of its buyer's address or name. */
  search?: string;
  accountId?: number;
}

/** Orders matching the filters, newest first; `limit` null for all (an export). */
export async function listOrders(
  db: OrdersDb,
  filters: OrderFilters,
  page: { limit: number | null; offset: number },
): Promise<{ rows: StoredOrder[]; total: number }> {
  const like = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, '')}%`;
  const filtered = () => {
    let query = db.selectFrom('ecommerce_orders');
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.from) query = query.where('created_at', '>=', new Date(filters.from).toISOString());
    if (filters.to) query = query.where('created_at', '<=', new Date(filters.to).toISOString());
    if (filters.email) query = query.where('email', '=', filters.email.trim().toLowerCase());
    if (filters.sku) query = query.where('skus', 'like', `% ${filters.sku.replace(/[%_\\]/g, '')} %`);
    if (filters.accountId !== undefined) query = query.where('account_id', '=', filters.accountId);
    const search = filters.search?.trim();
    if (search) {
      const id = /^\d{1,12}$/.test(search) ? Number(search) : 0;
      query = query.where((eb) =>
        eb.or([
          eb('id', '=', id),
          eb('email', 'like', like(search)),
          eb(eb.fn('lower', ['shipping_address']), 'like', like(search)),
        ]),
      );
    }
    return query;
  };
  let rows = filtered().selectAll().orderBy('id', 'desc');
  // SQLite takes an offset only after a limit.
  if (page.limit !== null) rows = rows.limit(page.limit).offset(page.offset);
  const [found, count] = await Promise.all([
    rows.execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
  ]);
  return { rows: found.map((row) => ({ ...row, id: Number(row.id) })), total: Number(count?.total ?? 0) };
}

/**
 * An account's orders kept without who bought them: no address, no name, no link to the account.
 * The country stays (taxes are reported by country), and so do the figures.
 */
export async function anonymiseOrdersOf(db: OrdersDb, accountId: number): Promise<void> {
  const rows = await db
    .selectFrom('ecommerce_orders')
    .select(['id', 'shipping_address'])
    .where('account_id', '=', accountId)
    .execute();
  for (const row of rows) {
    const { country } = JSON.parse(row.shipping_address) as OrderAddress;
    const emptied: OrderAddress = { name: '', line1: '', city: '', postcode: '', country };
    await db
      .updateTable('ecommerce_orders')
      .set({
        email: '',
        account_id: null,
        shipping_address: JSON.stringify(emptied),
        billing_address: null,
        updated_at: now(),
      })
      .where('id', '=', Number(row.id))
      .execute();
  }
  await db.deleteFrom('ecommerce_account_addresses').where('account_id', '=', accountId).execute();
}
