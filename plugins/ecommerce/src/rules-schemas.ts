import type { PluginContext } from '@tessera/plugin';

/** The shapes of the shop's rules routes (zones, tax rates, coupons): their input and their answers. */
export function rulesSchemas(T: PluginContext['schema']) {
  const Amount = T.Integer({
    minimum: 0,
    maximum: 1_000_000_000,
    description: 'Minor units of the site’s currency',
  });
  // Null first: the request's coercion would otherwise read a null as 0 for the integer.
  const NullableAmount = T.Optional(T.Union([T.Null(), Amount]));
  const Country = T.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 (`FR`)' });
  const Region = T.String({
    pattern: '^[A-Za-z0-9]{1,3}$',
    description: 'ISO 3166-2 without the country (`QC`)',
  });
  const Postcodes = T.Array(T.String({ minLength: 1, maxLength: 40 }), {
    maxItems: 500,
    description: 'Patterns: `75001`, `75*`, `9?210`, `75000...75999`',
  });
  const Ids = T.Array(T.Integer({ minimum: 1 }), { maxItems: 500 });
  const Slug = T.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$' });
  const Timestamps = { id: T.Integer(), created_at: T.String(), updated_at: T.String() };
  const Id = T.Object({ id: T.Integer({ minimum: 1 }) }, { additionalProperties: false });

  const Method = T.Object(
    {
      id: T.String({
        pattern: '^[a-z0-9][a-z0-9_-]{0,39}$',
        description: 'Unique in its zone: what a cart chooses',
      }),
      name: T.String({ minLength: 1, maxLength: 100 }),
      kind: T.Union([
        T.Literal('flat'),
        T.Literal('weight'),
        T.Literal('value'),
        T.Literal('free'),
        T.Literal('pickup'),
      ]),
      amount: NullableAmount,
      bands: T.Optional(
        T.Array(
          T.Object(
            {
              up_to: T.Optional(T.Integer({ minimum: 0, description: 'Grams (weight bands)' })),
              from: T.Optional(T.Integer({ minimum: 0, description: 'Goods’ value (value bands)' })),
              amount: Amount,
            },
            { additionalProperties: false },
          ),
          { maxItems: 50 },
        ),
      ),
      free_above: NullableAmount,
      minimum: NullableAmount,
      taxable: T.Optional(T.Boolean()),
      tax_class: T.Optional(Slug),
    },
    { additionalProperties: false },
  );
  const ZoneInput = T.Object(
    {
      name: T.String({ minLength: 1, maxLength: 100 }),
      position: T.Optional(T.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
      locations: T.Array(
        T.Object(
          { country: Country, region: T.Optional(T.Union([T.Null(), Region])) },
          { additionalProperties: false },
        ),
        {
          maxItems: 500,
          description: 'Countries or regions; none: everywhere (the rest of the world, last)',
        },
      ),
      postcodes: T.Optional(Postcodes),
      methods: T.Array(Method, { minItems: 1, maxItems: 20 }),
    },
    { additionalProperties: false },
  );

  const TaxRateInput = T.Object(
    {
      name: T.String({ minLength: 1, maxLength: 100 }),
      rate: T.Number({ minimum: 0, maximum: 100, description: 'Percent, at most four decimals' }),
      country: T.Union([T.Literal('*'), Country]),
      regions: T.Optional(T.Array(Region, { maxItems: 200 })),
      postcodes: T.Optional(Postcodes),
      tax_class: T.Optional(Slug),
      priority: T.Optional(T.Integer({ minimum: 1, maximum: 100 })),
      shipping: T.Optional(T.Boolean({ description: 'Applies to delivery too (default true)' })),
      position: T.Optional(T.Integer({ minimum: 0, maximum: 10_000 })),
    },
    { additionalProperties: false },
  );

  const Nullable = <S extends ReturnType<typeof T.Integer>>(schema: S) =>
    T.Optional(T.Union([T.Null(), schema]));
  const When = T.Optional(T.Union([T.Null(), T.String({ maxLength: 40, description: 'ISO 8601' })]));
  const CouponInput = T.Object(
    {
      code: T.String({
        pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_-]{0,39}\\s*$',
        description: 'Compared whatever its case',
      }),
      kind: T.Union([T.Literal('percentage'), T.Literal('fixed'), T.Literal('free_shipping')]),
      amount: T.Optional(T.Number({ minimum: 0, description: 'percentage: percent; fixed: minor units' })),
      starts_at: When,
      ends_at: When,
      minimum_order: Nullable(Amount),
      usage_limit: Nullable(T.Integer({ minimum: 1 })),
      usage_limit_per_customer: Nullable(T.Integer({ minimum: 1 })),
      product_ids: T.Optional(Ids),
      category_ids: T.Optional(Ids),
      excluded_product_ids: T.Optional(Ids),
      excluded_category_ids: T.Optional(Ids),
    },
    { additionalProperties: false },
  );

  const Zone = T.Object({
    ...Timestamps,
    ...ZoneInput.properties,
    position: T.Integer(),
    postcodes: Postcodes,
  });
  const TaxRate = T.Object({
    ...Timestamps,
    ...TaxRateInput.properties,
    regions: T.Array(T.String()),
    postcodes: Postcodes,
    tax_class: T.String(),
    priority: T.Integer(),
    shipping: T.Boolean(),
    position: T.Integer(),
  });
  const Coupon = T.Object({
    ...Timestamps,
    code: T.String(),
    kind: CouponInput.properties.kind,
    amount: T.Number(),
    starts_at: T.Union([T.String(), T.Null()]),
    ends_at: T.Union([T.String(), T.Null()]),
    minimum_order: T.Union([T.Integer(), T.Null()]),
    usage_limit: T.Union([T.Integer(), T.Null()]),
    usage_limit_per_customer: T.Union([T.Integer(), T.Null()]),
    times_used: T.Integer({ description: 'Orders paid with it' }),
    product_ids: T.Array(T.Integer()),
    category_ids: T.Array(T.Integer()),
    excluded_product_ids: T.Array(T.Integer()),
    excluded_category_ids: T.Array(T.Integer()),
  });

  return {
    Id,
    ZoneInput,
    Zone,
    Zones: T.Array(Zone),
    TaxRateInput,
    TaxRate,
    TaxRates: T.Array(TaxRate),
    CouponInput,
    CouponQuery: T.Object(
      { search: T.Optional(T.String({ maxLength: 40, description: 'Codes containing it' })) },
      { additionalProperties: false },
    ),
    Coupon,
    Coupons: T.Array(Coupon),
  };
}

export type RulesSchemas = ReturnType<typeof rulesSchemas>;
