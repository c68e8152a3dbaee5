import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { MANAGE_PRODUCTS, type Variant, VIEW_REPORTS } from './model.js';
import type { EcommerceSchemas } from './schemas.js';
import type { StockService } from './stock-service.js';
import { combinationsOf, generateVariants, MAX_VARIANTS } from './variant-generation.js';

/** The admin's routes, under /api/ecommerce. Every query goes through the site-scoped handle. */
export function ecommerceRoutes(plugin: PluginContext, schemas: EcommerceSchemas, stock: StockService): void {
  const { routes, errors } = plugin;

  routes.get(
    '/stock',
    {
      permission: MANAGE_PRODUCTS,
      summary: 'The stock of every SKU products sell (or of one product’s), by SKU',
      querystring: schemas.StockQuery,
      response: schemas.StockLevels,
    },
    (ctx, { query }) =>
      query.product === undefined ? stock.levels(ctx) : stock.ofProduct(ctx, query.product),
  );

  // The dashboard's list: managers restock from it, report readers watch it.
  routes.get(
    '/low-stock',
    {
      permission: 'authenticated',
      summary:
        'Tracked SKUs at or under their low-stock threshold, fewest left first (manage_products or view_reports)',
      response: schemas.StockLevels,
    },
    (ctx: PluginOperation) => {
      if (!ctx.actor.access.allows(MANAGE_PRODUCTS) && !ctx.actor.access.allows(VIEW_REPORTS))
        throw new errors.Forbidden(`You need ${MANAGE_PRODUCTS} or ${VIEW_REPORTS}.`, 'forbidden');
      return stock.lowStock(ctx);
    },
  );

  routes.get(
    '/stock/:sku',
    {
      permission: MANAGE_PRODUCTS,
      summary: 'A SKU’s stock',
      params: schemas.SkuParams,
      response: schemas.StockLevel,
    },
    (ctx, { params }) => stock.read(ctx, params.sku),
  );

  routes.put(
    '/stock/:sku',
    {
      permission: MANAGE_PRODUCTS,
      summary: 'Set how many of a SKU are on hand, and its own low-stock threshold (null: the site’s)',
      params: schemas.SkuParams,
      body: schemas.StockChange,
      response: schemas.StockLevel,
    },
    (ctx, { params, body }) => stock.set(ctx, params.sku, body),
  );

  routes.post(
    '/variants/generate',
    {
      permission: MANAGE_PRODUCTS,
      summary:
        'The variants of every combination of the options, keeping the existing ones whose combination stays; saves nothing',
      body: schemas.VariantsWanted,
      response: schemas.GeneratedVariants,
    },
    (_ctx, { body }) => {
      const count = combinationsOf(body.options).length;
      if (count > MAX_VARIANTS)
        throw errors.ValidationFailed.field(
          'options',
          `These options make ${count} combinations; a product has ${MAX_VARIANTS} variants at most.`,
        );
      return generateVariants(body.options, (body.variants ?? []) as Variant[], {
        skuPrefix: body.sku_prefix,
        price: body.price,
      });
    },
  );
}
