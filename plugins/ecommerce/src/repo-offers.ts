import type { PluginDb } from '@tessera/plugin';

/**
 * What is on sale: each SKU of a published product, at its live price, per language. Written when
 * a product goes live and dropped when it stops being (see offers.ts); the cart and the checkout
 * read prices only from here.
 */

export interface OfferRow {
  site_id: number;
  locale: string;
  sku: string;
  entry_id: number;
  title: string;
  variant: string;
  price: number;
  weight: number | null;
  tax_class: string;
  /** JSON list of the product's category term ids. */
  category_ids: string;
  track_stock: number;
  updated_at: string;
}

export interface Offer {
  sku: string;
  productId: number;
  title: string;
  variant: string;
  price: number;
  weight: number | null;
  taxClass: string;
  categoryIds: number[];
  tracked: boolean;
}

export type OffersDb = PluginDb<{ ecommerce_offers: OfferRow }>;

const offerOf = (row: OfferRow): Offer => ({
  sku: row.sku,
  productId: Number(row.entry_id),
  title: row.title,
  variant: row.variant,
  price: Number(row.price),
  weight: row.weight === null ? null : Number(row.weight),
  taxClass: row.tax_class,
  categoryIds: JSON.parse(row.category_ids),
  tracked: Number(row.track_stock) === 1,
});

/** A product's offers in one language become `offers`. */
export async function replaceOffers(
  db: OffersDb,
  entryId: number,
  locale: string,
  offers: readonly Offer[],
): Promise<void> {
  await db
    .deleteFrom('ecommerce_offers')
    .where('entry_id', '=', entryId)
    .where('locale', '=', locale)
    .execute();
  if (offers.length === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto(
      'ecommerce_offers',
      offers.map((offer) => ({
        locale,
        sku: offer.sku,
        entry_id: entryId,
        title: offer.title,
        variant: offer.variant,
        price: offer.price,
        weight: offer.weight,
        tax_class: offer.taxClass,
        category_ids: JSON.stringify(offer.categoryIds),
        track_stock: offer.tracked ? 1 : 0,
        updated_at: at,
      })),
    )
    // A SKU another product of this language sold before this one went live: the newer wins.
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'sku', 'locale']).doUpdateSet((eb) => ({
        entry_id: eb.ref('excluded.entry_id'),
        title: eb.ref('excluded.title'),
        variant: eb.ref('excluded.variant'),
        price: eb.ref('excluded.price'),
        weight: eb.ref('excluded.weight'),
        tax_class: eb.ref('excluded.tax_class'),
        category_ids: eb.ref('excluded.category_ids'),
        track_stock: eb.ref('excluded.track_stock'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function dropOffers(db: OffersDb, entryId: number, locale?: string): Promise<void> {
  let query = db.deleteFrom('ecommerce_offers').where('entry_id', '=', entryId);
  if (locale !== undefined) query = query.where('locale', '=', locale);
  await query.execute();
}

/** The offers of these SKUs, in `locale` when it has them, else in any language. */
export async function offersOf(
  db: OffersDb,
  skus: readonly string[],
  locale: string,
): Promise<Map<string, Offer>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom('ecommerce_offers')
    .selectAll()
    .where('sku', 'in', skus)
    .orderBy('locale')
    .execute();
  const offers = new Map<string, Offer>();
  for (const row of rows)
    if (!offers.has(row.sku) || row.locale === locale) offers.set(row.sku, offerOf(row));
  return offers;
}
