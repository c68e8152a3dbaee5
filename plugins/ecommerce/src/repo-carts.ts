import type { PluginDb } from '@tessera/plugin';

/** Carts, through the site-scoped handle: a cart of another site is not found. */

type Generated<T> = { readonly __select__: T; readonly __insert__: T | undefined; readonly __update__: T };

/** A line as kept: `price` is the unit price the buyer was last shown (null before any read). */
export interface KeptLine {
  sku: string;
  quantity: number;
  price: number | null;
}

export interface CartRow {
  id: Generated<number>;
  site_id: number;
  token: string;
  account_id: number | null;
  locale: string;
  lines: string;
  coupons: string;
  country: string | null;
  region: string | null;
  postcode: string | null;
  shipping_method: string | null;
  created_at: string;
  updated_at: string;
}

export interface Cart {
  id: number;
  token: string;
  accountId: number | null;
  locale: string;
  lines: KeptLine[];
  /** Codes as the buyer entered them, in order. */
  coupons: string[];
  address: { country: string; region: string | null; postcode: string | null } | null;
  shippingMethod: string | null;
}

export type CartsDb = PluginDb<{ ecommerce_carts: CartRow }>;

const now = () => new Date().toISOString();

function cartOf(row: Omit<CartRow, 'id'> & { id: number }): Cart {
  return {
    id: Number(row.id),
    token: row.token,
    accountId: row.account_id === null ? null : Number(row.account_id),
    locale: row.locale,
    lines: JSON.parse(row.lines),
    coupons: JSON.parse(row.coupons),
    address: row.country ? { country: row.country, region: row.region, postcode: row.postcode } : null,
    shippingMethod: row.shipping_method,
  };
}

export async function cartByToken(db: CartsDb, token: string): Promise<Cart | undefined> {
  const row = await db
    .selectFrom('ecommerce_carts')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  return row && cartOf(row);
}

/** The account's cart: its newest, should two devices have made one at once. */
export async function cartOfAccount(db: CartsDb, accountId: number): Promise<Cart | undefined> {
  const row = await db
    .selectFrom('ecommerce_carts')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && cartOf(row);
}

export async function insertCart(
  db: CartsDb,
  token: string,
  accountId: number | null,
  locale: string,
): Promise<Cart> {
  const at = now();
  const row = await db
    .insertInto('ecommerce_carts', {
      token,
      account_id: accountId,
      locale,
      lines: '[]',
      coupons: '[]',
      country: null,
      region: null,
      postcode: null,
      shipping_method: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return cartOf(row);
}

/** Writes what changed of a cart. */
export async function saveCart(db: CartsDb, cart: Cart): Promise<void> {
  await db
    .updateTable('ecommerce_carts')
    .set({
      account_id: cart.accountId,
      locale: cart.locale,
      lines: JSON.stringify(cart.lines),
      coupons: JSON.stringify(cart.coupons),
      country: cart.address?.country ?? null,
      region: cart.address?.region ?? null,
      postcode: cart.address?.postcode ?? null,
      shipping_method: cart.shippingMethod,
      updated_at: now(),
    })
    .where('id', '=', cart.id)
    .execute();
}

export async function deleteCart(db: CartsDb, id: number): Promise<void> {
  await db.deleteFrom('ecommerce_carts').where('id', '=', id).execute();
}

export async function deleteCartsOf(db: CartsDb, accountId: number): Promise<void> {
  await db.deleteFrom('ecommerce_carts').where('account_id', '=', accountId).execute();
}
