import type { HookEntry, PluginContext, PluginOperation } from '@tessera/plugin';
import { isTracked, variantLabel } from './model.js';
import { catalogueOf } from './product-fields.js';
import { PRODUCT_TYPE } from './product-type.js';
import { dropOffers, type OfferRow, replaceOffers } from './repo-offers.js';

/**
 * Keeps `ecommerce_offers` to the live products: a product going live (published, or its changes
 * published) puts its variants on sale at the prices it went live with; unpublished, trashed or
 * deleted, they leave. A draft's prices never reach a buyer.
 *
 * `published` runs after the commit: a failure there is logged by the core and the offers stay as
 * they were until the product's next publication.
 */
export function keepOffers(plugin: PluginContext): void {
  const db = (ctx: PluginOperation) => plugin.db<{ ecommerce_offers: OfferRow }>(ctx);
  const type = PRODUCT_TYPE.slug;
  const localeOf = (ctx: PluginOperation, entry: HookEntry) => entry.locale ?? ctx.site.default_locale;

  plugin.hooks.onAction(`${type}.published`, async (ctx, entry) => {
    if (entry.id === null) return;
    const taxClass =
      typeof entry.fields.tax_class === 'string' && entry.fields.tax_class
        ? entry.fields.tax_class
        : 'standard';
    const offers = catalogueOf(entry.fields).variants.map((variant) => ({
      sku: variant.sku,
      productId: entry.id as number,
      title: entry.title,
      variant: variantLabel(variant),
      price: variant.price,
      weight: variant.weight ?? null,
      taxClass,
      categoryIds: entry.terms.category ?? [],
      tracked: isTracked(variant),
    }));
    await replaceOffers(db(ctx), entry.id, localeOf(ctx, entry), offers);
  });
  plugin.hooks.onAction(`${type}.unpublished`, async (ctx, entry) => {
    if (entry.id !== null) await dropOffers(db(ctx), entry.id, localeOf(ctx, entry));
  });
  plugin.hooks.onAction(`${type}.before_delete`, async (ctx, entry) => {
    if (entry.id !== null) await dropOffers(db(ctx), entry.id);
  });
}
