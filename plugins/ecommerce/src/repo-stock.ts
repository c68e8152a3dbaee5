import type { EcommerceDb } from './repo-skus.js';

/**
 * Stock per SKU. Taking stock is one conditional UPDATE (`on_hand >= quantity`) whose row count
 * says whether there was enough: of two buyers of the last unit, the database lets one UPDATE
 * through and the other finds the condition false (PostgreSQL re-reads the row once the first
 * commits; SQLite runs one writer at a time), so nothing is ever oversold.
 */

export interface StockRow {
  site_id: number;
  sku: string;
  on_hand: number;
  threshold: number | null;
  low_alerted_at: string | null;
  updated_at: string;
}

const now = () => new Date().toISOString();

export async function stockRows(db: EcommerceDb, skus?: readonly string[]): Promise<StockRow[]> {
  let query = db.selectFrom('ecommerce_stock').selectAll();
  if (skus !== undefined) {
    if (skus.length === 0) return [];
    query = query.where('sku', 'in', skus);
  }
  return query.orderBy('sku').execute();
}

/** The rows at or under their threshold (their own, else `fallback`), fewest first. */
export async function lowStockRows(db: EcommerceDb, fallback: number): Promise<StockRow[]> {
  return db
    .selectFrom('ecommerce_stock')
    .selectAll()
    .where((eb) => eb('on_hand', '<=', eb.fn.coalesce('threshold', eb.val(fallback))))
    .orderBy('on_hand')
    .orderBy('sku')
    .execute();
}

/** Rows at zero for SKUs that have none yet: a new variant has nothing to sell until stock is set. */
export async function ensureStockRows(db: EcommerceDb, skus: readonly string[]): Promise<void> {
  if (skus.length === 0) return;
  const at = now();
  await db
    .insertInto(
      'ecommerce_stock',
      skus.map((sku) => ({ sku, on_hand: 0, threshold: null, low_alerted_at: null, updated_at: at })),
    )
    .onConflict((conflict) => conflict.columns(['site_id', 'sku']).doNothing())
    .execute();
}

/** Sets what is on hand, and the SKU's own threshold unless `threshold` is undefined. */
export async function writeStock(
  db: EcommerceDb,
  sku: string,
  onHand: number,
  threshold: number | null | undefined,
): Promise<StockRow> {
  const at = now();
  const changes = { on_hand: onHand, updated_at: at, ...(threshold === undefined ? {} : { threshold }) };
  return db
    .insertInto('ecommerce_stock', {
      sku,
      on_hand: onHand,
      threshold: threshold ?? null,
      low_alerted_at: null,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.columns(['site_id', 'sku']).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Takes `quantity` if that many are on hand: the row after, or undefined when there were fewer. */
export async function takeStock(
  db: EcommerceDb,
  sku: string,
  quantity: number,
): Promise<StockRow | undefined> {
  return db
    .updateTable('ecommerce_stock')
    .set((eb) => ({ on_hand: eb('on_hand', '-', quantity), updated_at: now() }))
    .where('sku', '=', sku)
    .where('on_hand', '>=', quantity)
    .returningAll()
    .executeTakeFirst();
}

/** Gives `quantity` back: the row after. */
export async function returnStock(db: EcommerceDb, sku: string, quantity: number): Promise<StockRow> {
  await ensureStockRows(db, [sku]);
  return db
    .updateTable('ecommerce_stock')
    .set((eb) => ({ on_hand: eb('on_hand', '+', quantity), updated_at: now() }))
    .where('sku', '=', sku)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the SKU's managers told it went low; false when they were already (once per crossing). */
export async function markLowAlerted(db: EcommerceDb, sku: string): Promise<boolean> {
  const result = await db
    .updateTable('ecommerce_stock')
    .set({ low_alerted_at: now() })
    .where('sku', '=', sku)
    .where('low_alerted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Back above its threshold: the next crossing will be told again. */
export async function clearLowAlert(db: EcommerceDb, sku: string): Promise<void> {
  await db
    .updateTable('ecommerce_stock')
    .set({ low_alerted_at: null })
    .where('sku', '=', sku)
    .where('low_alerted_at', 'is not', null)
    .execute();
}
