import type { PluginDb } from '@tessera/plugin';
import type { StockRow } from './repo-stock.js';

/**
 * The SKUs products hold, per language, through the site-scoped handle `plugin.db(ctx)`. A row
 * belongs to its entry by id, or, for a product saved for the first time and not yet told its id,
 * by its path in its language (see sku-registry.ts).
 */

export interface SkuRow {
  site_id: number;
  locale: string;
  sku: string;
  entry_id: number | null;
  entry_path: string;
  title: string;
  /** Its option values, `M / Red`. */
  variant: string;
  /** 1: sales count against its stock; 0: not. */
  track_stock: number;
  updated_at: string;
}

export interface EcommerceTables {
  ecommerce_skus: SkuRow;
  ecommerce_stock: StockRow;
}

export type EcommerceDb = PluginDb<EcommerceTables>;

/** An entry saving SKUs: its id once it has one, its language and path. */
export interface SkuOwner {
  id: number | null;
  locale: string;
  path: string;
}

export const ownedBy = (row: Pick<SkuRow, 'entry_id' | 'entry_path'>, owner: SkuOwner) =>
  (owner.id !== null && row.entry_id === owner.id) ||
  (row.entry_id === null && row.entry_path === owner.path);

/** The rows holding these SKUs in one language. */
export async function skusInLocale(
  db: EcommerceDb,
  locale: string,
  skus: readonly string[],
): Promise<SkuRow[]> {
  if (skus.length === 0) return [];
  return db
    .selectFrom('ecommerce_skus')
    .selectAll()
    .where('locale', '=', locale)
    .where('sku', 'in', skus)
    .execute();
}

/** Every row holding these SKUs, in any language. */
export async function skuHolders(db: EcommerceDb, skus: readonly string[]): Promise<SkuRow[]> {
  if (skus.length === 0) return [];
  return db.selectFrom('ecommerce_skus').selectAll().where('sku', 'in', skus).orderBy('sku').execute();
}

/** The SKUs of products (in any language), or of one product. */
export async function skusOf(db: EcommerceDb, entryId?: number): Promise<SkuRow[]> {
  let query = db.selectFrom('ecommerce_skus').selectAll();
  if (entryId !== undefined) query = query.where('entry_id', '=', entryId);
  return query.orderBy('sku').execute();
}

/**
 * What the owner holds becomes `rows`. A row another product took meanwhile (a save racing this
 * one) is not written: its SKU is returned, for the save to be refused.
 */
export async function replaceOwnedSkus(
  db: EcommerceDb,
  owner: SkuOwner,
  rows: ReadonlyArray<Omit<SkuRow, 'site_id' | 'locale' | 'entry_id' | 'entry_path' | 'updated_at'>>,
): Promise<string[]> {
  if (owner.id !== null) await db.deleteFrom('ecommerce_skus').where('entry_id', '=', owner.id).execute();
  await db
    .deleteFrom('ecommerce_skus')
    .where('entry_id', 'is', null)
    .where('locale', '=', owner.locale)
    .where('entry_path', '=', owner.path)
    .execute();
  if (rows.length === 0) return [];
  const at = new Date().toISOString();
  const written = await db
    .insertInto(
      'ecommerce_skus',
      rows.map((row) => ({
        ...row,
        locale: owner.locale,
        entry_id: owner.id,
        entry_path: owner.path,
        updated_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['site_id', 'sku', 'locale']).doNothing())
    .returning('sku')
    .execute();
  const kept = new Set(written.map((row) => row.sku));
  return rows.map((row) => row.sku).filter((sku) => !kept.has(sku));
}

/** A new product's rows learn its id once its save committed. */
export async function claimSkus(db: EcommerceDb, owner: SkuOwner & { id: number }): Promise<void> {
  await db
    .updateTable('ecommerce_skus')
    .set({ entry_id: owner.id })
    .where('entry_id', 'is', null)
    .where('locale', '=', owner.locale)
    .where('entry_path', '=', owner.path)
    .execute();
}

export async function forgetSkus(db: EcommerceDb, entryId: number): Promise<void> {
  await db.deleteFrom('ecommerce_skus').where('entry_id', '=', entryId).execute();
}
