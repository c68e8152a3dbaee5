import type { PluginContext, PluginOperation, PluginRouteSpec } from '@tessera/plugin';
import { MANAGE_SETTINGS } from './model.js';
import {
  couponWithCode,
  deleteRule,
  findCoupon,
  findTaxRate,
  findZone,
  insertCoupon,
  insertTaxRate,
  insertZone,
  listCoupons,
  listTaxRates,
  listZones,
  type RulesTables,
  updateCoupon,
  updateTaxRate,
  updateZone,
} from './repo-rules.js';
import { couponProblems, type Problems, taxRateProblems, zoneProblems } from './rules-check.js';
import type { RulesSchemas } from './rules-schemas.js';
import type { CouponInput, CouponRule, TaxRateInput, ZoneInput } from './shop-rules.js';

/**
 * The shop's rules, for its managers (`ecommerce.manage_settings`): delivery zones with their
 * methods, tax rates, coupons, each listed, read, created, replaced whole and deleted. A coupon's
 * code is unique per site whatever its case: 409 `ecommerce_coupon_code_taken`.
 */
export function rulesRoutes(plugin: PluginContext, schemas: RulesSchemas): void {
  const { errors } = plugin;
  const db = (ctx: PluginOperation) => plugin.db<RulesTables>(ctx);

  const refuseProblems = (problems: Problems, what: string) => {
    if (Object.keys(problems).length > 0)
      throw new errors.ValidationFailed(problems, `The ${what} does not hold.`);
  };

  resourceRoutes(plugin, schemas.Id, {
    path: '/zones',
    what: 'Delivery zone',
    table: 'ecommerce_zones',
    body: schemas.ZoneInput,
    one: schemas.Zone,
    many: schemas.Zones,
    listed: 'Delivery zones, in the order tried against an address',
    list: (ctx) => listZones(db(ctx)),
    find: (ctx, id) => findZone(db(ctx), id),
    insert: (ctx, zone: ZoneInput) => insertZone(db(ctx), zone),
    update: (ctx, id, zone: ZoneInput) => updateZone(db(ctx), id, zone),
    input: async (_ctx, body): Promise<ZoneInput> => {
      const zone = { ...body, position: body.position ?? 0, postcodes: body.postcodes ?? [] };
      refuseProblems(zoneProblems(zone), 'delivery zone');
      return zone;
    },
  });

  resourceRoutes(plugin, schemas.Id, {
    path: '/tax-rates',
    what: 'Tax rate',
    table: 'ecommerce_tax_rates',
    body: schemas.TaxRateInput,
    one: schemas.TaxRate,
    many: schemas.TaxRates,
    listed: 'Tax rates, the earlier applying among equally specific ones',
    list: (ctx) => listTaxRates(db(ctx)),
    find: (ctx, id) => findTaxRate(db(ctx), id),
    insert: (ctx, rate: TaxRateInput) => insertTaxRate(db(ctx), rate),
    update: (ctx, id, rate: TaxRateInput) => updateTaxRate(db(ctx), id, rate),
    input: async (_ctx, body): Promise<TaxRateInput> => {
      const rate = {
        ...body,
        regions: (body.regions ?? []).map((region) => region.toUpperCase()),
        postcodes: body.postcodes ?? [],
        tax_class: body.tax_class ?? 'standard',
        priority: body.priority ?? 1,
        shipping: body.shipping ?? true,
        position: body.position ?? 0,
      };
      refuseProblems(taxRateProblems(rate), 'tax rate');
      return rate;
    },
  });

  const codeTaken = (holder: CouponRule) =>
    new errors.Conflict(`Another coupon has the code ${holder.code}.`, 'ecommerce_coupon_code_taken', {
      code: [`Another coupon has the code ${holder.code} (codes are the same whatever their case).`],
    });
  resourceRoutes(plugin, schemas.Id, {
    path: '/coupons',
    what: 'Coupon',
    table: 'ecommerce_coupons',
    body: schemas.CouponInput,
    one: schemas.Coupon,
    many: schemas.Coupons,
    listed: 'Coupons, newest first (`search`: codes containing it)',
    query: schemas.CouponQuery,
    list: (ctx, query) => listCoupons(db(ctx), query.search),
    find: (ctx, id) => findCoupon(db(ctx), id),
    insert: (ctx, coupon: CouponInput) => insertCoupon(db(ctx), coupon),
    update: (ctx, id, coupon: CouponInput) => updateCoupon(db(ctx), id, coupon),
    input: async (ctx, body, id): Promise<CouponInput> => {
      const coupon: CouponInput = {
        code: body.code.trim(),
        kind: body.kind,
        amount: body.amount ?? 0,
        starts_at: body.starts_at ?? null,
        ends_at: body.ends_at ?? null,
        minimum_order: body.minimum_order ?? null,
        usage_limit: body.usage_limit ?? null,
        usage_limit_per_customer: body.usage_limit_per_customer ?? null,
        product_ids: body.product_ids ?? [],
        category_ids: body.category_ids ?? [],
        excluded_product_ids: body.excluded_product_ids ?? [],
        excluded_category_ids: body.excluded_category_ids ?? [],
      };
      refuseProblems(couponProblems(coupon), 'coupon');
      const holder = await couponWithCode(db(ctx), coupon.code, id);
      if (holder) throw codeTaken(holder);
      return coupon;
    },
  });
}

/** A TypeBox schema, as routes take them; `static` is the type of what it accepts. */
type Schema<T = unknown> = NonNullable<PluginRouteSpec['response']> & { static: T };

/** How one kind of rule is kept: its address, its shapes and its queries. */
interface Resource<Body, Query, Input, Rule> {
  path: string;
  /** Its name in a 404: `Coupon not found.` */
  what: string;
  table: Parameters<typeof deleteRule>[1];
  body: Schema<Body>;
  one: Schema;
  many: Schema;
  listed: string;
  query?: Schema<Query>;
  list(ctx: PluginOperation, query: Query): Promise<Rule[]>;
  find(ctx: PluginOperation, id: number): Promise<Rule | undefined>;
  insert(ctx: PluginOperation, input: Input): Promise<Rule>;
  update(ctx: PluginOperation, id: number, input: Input): Promise<Rule | undefined>;
  /** The body checked beyond its schema (422) and completed with the defaults; `id` when replacing. */
  input(ctx: PluginOperation, body: Body, id?: number): Promise<Input>;
}

/** A rule's list, read, create, replace (whole) and delete, for the shop's managers. */
function resourceRoutes<Body, Query, Input, Rule>(
  plugin: PluginContext,
  Id: Schema,
  resource: Resource<Body, Query, Input, Rule>,
): void {
  const { routes, errors } = plugin;
  const permission = MANAGE_SETTINGS;
  const { path, what } = resource;
  const lower = what.toLowerCase();
  const found = (rule: Rule | undefined): Rule => {
    if (rule === undefined) throw new errors.NotFound(what, 'ecommerce_rule_not_found');
    return rule;
  };
  const byId = (params: unknown) => (params as { id: number }).id;

  routes.get(
    path,
    {
      permission,
      summary: resource.listed,
      ...(resource.query ? { querystring: resource.query } : {}),
      response: resource.many,
    },
    (ctx, { query }) => resource.list(ctx, query as Query),
  );
  routes.get(
    `${path}/:id`,
    { permission, summary: `A ${lower}`, params: Id, response: resource.one },
    async (ctx, { params }) => found(await resource.find(ctx, byId(params))),
  );
  routes.post(
    path,
    { permission, summary: `Add a ${lower}`, body: resource.body, response: resource.one, status: 201 },
    async (ctx, { body }) => resource.insert(ctx, await resource.input(ctx, body as Body)),
  );
  routes.put(
    `${path}/:id`,
    {
      permission,
      summary: `Replace a ${lower} whole`,
      params: Id,
      body: resource.body,
      response: resource.one,
    },
    async (ctx, { params, body }) => {
      const id = byId(params);
      found(await resource.find(ctx, id));
      return found(await resource.update(ctx, id, await resource.input(ctx, body as Body, id)));
    },
  );
  routes.delete(
    `${path}/:id`,
    { permission, summary: `Delete a ${lower}`, params: Id, status: 204 },
    async (ctx, { params }) => {
      if (!(await deleteRule(plugin.db(ctx), resource.table, byId(params))))
        throw new errors.NotFound(what, 'ecommerce_rule_not_found');
    },
  );
}
