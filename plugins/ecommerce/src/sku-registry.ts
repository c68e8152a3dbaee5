import type { HookEntry, PluginContext, PluginOperation } from '@tessera/plugin';
import { isTracked, variantLabel } from './model.js';
import { catalogueOf, catalogueProblems } from './product-fields.js';
import { PRODUCT_TYPE } from './product-type.js';
import {
  claimSkus,
  type EcommerceTables,
  forgetSkus,
  ownedBy,
  replaceOwnedSkus,
  type SkuOwner,
  skusInLocale,
} from './repo-skus.js';
import { ensureStockRows } from './repo-stock.js';

/**
 * Keeps `ecommerce_skus` in step with the products, through the content hooks of the plugin's type:
 *
 * - `product.before_save`, in the save's transaction: the variants must be combinations of the
 *   options, and no SKU may be another product's in the same language; a refusal is a 422 on the
 *   variant's field (`fields.variants[1].sku`) and the save rolls back. The product's rows are
 *   written there too, so two saves racing for one SKU meet on the table's unique index and one is
 *   refused. Tracked SKUs get a stock row (zero) if they had none.
 * - `product.after_save`, once committed: a product saved for the first time had no id in
 *   `before_save`; its rows, known by its path meanwhile, are given it.
 * - `product.before_delete` (moved to the trash, or deleted outright): its SKUs are free again.
 *
 * What the hooks cannot see, so what this does not do: the hooks do not say which translation group
 * an entry is in, so SKUs are unique among the products of one language (a translation of a product
 * sells its SKUs in its own language), not across languages; a translation whose shared variants
 * changed through another language's save keeps its rows until its own next save; an entry restored
 * from the trash takes its SKUs back at its next save, when they are checked again.
 */
export function skuRegistry(plugin: PluginContext): void {
  const db = (ctx: PluginOperation) => plugin.db<EcommerceTables>(ctx);
  const ownerOf = (ctx: PluginOperation, entry: HookEntry): SkuOwner => ({
    id: entry.id,
    locale: entry.locale ?? ctx.site.default_locale,
    path: entry.path ?? entry.slug,
  });
  const type = PRODUCT_TYPE.slug;

  plugin.hooks.onAction(`${type}.before_save`, async (ctx, entry) => {
    const catalogue = catalogueOf(entry.fields);
    const problems = catalogueProblems(catalogue);
    if (Object.keys(problems).length > 0)
      throw new plugin.errors.ValidationFailed(problems, 'The variants do not match the options.');

    const owner = ownerOf(ctx, entry);
    const { variants } = catalogue;
    /** 422 on each variant whose SKU is in `messages`. */
    const refuse = (messages: ReadonlyMap<string, string>) => {
      const fields: Record<string, string[]> = {};
      variants.forEach((variant, i) => {
        const message = messages.get(variant.sku);
        if (message !== undefined) fields[`fields.variants[${i}].sku`] = [message];
      });
      return new plugin.errors.ValidationFailed(fields, 'A SKU is another product’s.', 'ecommerce_sku_taken');
    };

    const skus = variants.map((variant) => variant.sku);
    const taken = (await skusInLocale(db(ctx), owner.locale, skus)).filter((row) => !ownedBy(row, owner));
    if (taken.length > 0)
      throw refuse(
        new Map(taken.map((row) => [row.sku, `The SKU ${row.sku} is another product’s: “${row.title}”.`])),
      );

    const lost = await replaceOwnedSkus(
      db(ctx),
      owner,
      variants.map((variant) => ({
        sku: variant.sku,
        title: entry.title,
        variant: variantLabel(variant),
        track_stock: isTracked(variant) ? 1 : 0,
      })),
    );
    if (lost.length > 0)
      throw refuse(new Map(lost.map((sku) => [sku, `The SKU ${sku} was just given to another product.`])));
    await ensureStockRows(
      db(ctx),
      variants.filter(isTracked).map((variant) => variant.sku),
    );
  });

  plugin.hooks.onAction(`${type}.after_save`, async (ctx, entry) => {
    if (entry.id === null) return;
    await claimSkus(db(ctx), { ...ownerOf(ctx, entry), id: entry.id });
  });

  plugin.hooks.onAction(`${type}.before_delete`, async (ctx, entry) => {
    if (entry.id !== null) await forgetSkus(db(ctx), entry.id);
  });
}
