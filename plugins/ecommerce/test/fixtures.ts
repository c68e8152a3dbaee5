import { expect } from 'vitest';
import type { ContentSite } from '../../../apps/server/test/content-fixtures.js';
import type { ProductOption, Variant } from '../src/model.js';

/** What the shop's tests share: products made through the REST API as an editor's admin makes them. */

export interface SavedProduct {
  id: number;
  version: number;
  title: string;
  locale: string;
  fields: Record<string, unknown>;
}

export const option = (name: string, ...values: string[]): ProductOption => ({
  name,
  values: values.map((value) => ({ value })),
});

export const variant = (sku: string, price: number, changes: Partial<Variant> = {}): Variant => ({
  sku,
  price,
  ...changes,
});

/** Switches the shop on for a site: payments first, which the shop requires. */
export async function activateShop(site: ContentSite, plugins: readonly string[] = []): Promise<void> {
  for (const plugin of ['payments', 'ecommerce', ...plugins]) {
    const on = await site.call('admin', 'PUT', `/api/plugins/${plugin}/active`, { active: true });
    expect(on.statusCode, on.body).toBe(200);
  }
}

/** POST /api/content/product as `caller` (the site's admin by default); the raw answer. */
export function postProduct(
  site: ContentSite,
  body: { title: string; fields?: Record<string, unknown>; terms?: Record<string, number[]> },
  caller: Parameters<ContentSite['call']>[0] = 'admin',
) {
  return site.call(caller, 'POST', '/api/content/product', body);
}

/** A product saved, with its options and variants. */
export async function createProduct(
  site: ContentSite,
  title: string,
  options: ProductOption[],
  variants: Variant[],
): Promise<SavedProduct> {
  const res = await postProduct(site, { title, fields: { options, variants } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SavedProduct;
}

/** PUT /api/content/product/:id with the product's version and `fields`, which replace its own whole; the raw answer. */
export function updateProduct(site: ContentSite, product: SavedProduct, fields: Record<string, unknown>) {
  return site.call('admin', 'PUT', `/api/content/product/${product.id}`, {
    version: product.version,
    fields,
  });
}
