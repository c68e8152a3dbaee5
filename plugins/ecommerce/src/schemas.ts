import type { PluginContext } from '@tessera/plugin';
import { SKU_PATTERN } from './product-type.js';
import { MAX_VARIANTS } from './variant-generation.js';

/** The shapes of the plugin's routes: their input, checked before a handler runs, and their answers. */
export function ecommerceSchemas(T: PluginContext['schema']) {
  const Sku = T.String({ pattern: `^${SKU_PATTERN}$`, description: 'A variant’s SKU' });
  const Count = T.Integer({ minimum: 0, maximum: 1_000_000_000 });
  const Text = (maxLength: number) => T.String({ maxLength });
  // Null first: the request's coercion would otherwise read a null as 0 for the integer.
  const Nullable = <S extends ReturnType<typeof T.Integer>>(schema: S) => T.Union([T.Null(), schema]);

  const StockLevel = T.Object({
    sku: T.String(),
    tracked: T.Boolean({ description: 'Sales count against its stock' }),
    on_hand: T.Integer(),
    threshold: Nullable(T.Integer({ description: 'Its own low-stock threshold; null: the site’s' })),
    effective_threshold: T.Integer({ description: 'The threshold that applies' }),
    low: T.Boolean({ description: 'At or under its threshold' }),
    updated_at: T.Union([T.String(), T.Null()]),
    product: T.Union([
      T.Object({
        id: T.Union([T.Integer(), T.Null()]),
        title: T.String(),
        variant: T.String({ description: 'Its option values, `M / Red`' }),
      }),
      T.Null(),
    ]),
  });

  const Option = T.Object(
    {
      name: T.String({ minLength: 1, maxLength: 60 }),
      values: T.Array(
        T.Object({ value: T.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        {
          minItems: 1,
          maxItems: 100,
        },
      ),
    },
    { additionalProperties: false },
  );
  const optionValue = T.Optional(T.Union([T.Null(), Text(100)]));
  const Variant = T.Object(
    {
      sku: T.String({ maxLength: 64 }),
      option1: optionValue,
      option2: optionValue,
      option3: optionValue,
      price: Count,
      compare_at_price: T.Optional(Nullable(Count)),
      weight: T.Optional(Nullable(Count)),
      track_stock: T.Optional(T.Boolean()),
      image: T.Optional(Nullable(T.Integer({ minimum: 1 }))),
    },
    { additionalProperties: false },
  );

  return {
    SkuParams: T.Object({ sku: Sku }, { additionalProperties: false }),
    StockQuery: T.Object(
      { product: T.Optional(T.Integer({ minimum: 1, description: 'Only this product’s SKUs' })) },
      { additionalProperties: false },
    ),
    StockChange: T.Object(
      {
        on_hand: Count,
        threshold: T.Optional(Nullable(Count)),
      },
      { additionalProperties: false },
    ),
    StockLevel,
    StockLevels: T.Array(StockLevel),
    VariantsWanted: T.Object(
      {
        options: T.Array(Option, { maxItems: 3 }),
        variants: T.Optional(T.Array(Variant, { maxItems: MAX_VARIANTS })),
        sku_prefix: Sku,
        price: Count,
      },
      { additionalProperties: false },
    ),
    GeneratedVariants: T.Object({ variants: T.Array(Variant), removed: T.Array(Variant) }),
  };
}

export type EcommerceSchemas = ReturnType<typeof ecommerceSchemas>;
