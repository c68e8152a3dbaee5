import type { PluginDb } from '@tessera/plugin';
import type {
  CouponInput,
  CouponRule,
  DeliveryZoneRule,
  TaxRateInput,
  TaxRateRule,
  ZoneInput,
} from './shop-rules.js';

/**
 * The shop's rules in its tables, through the site-scoped handle `plugin.db(ctx)`: a zone, rate or
 * coupon of another site is not found. Lists and JSON are text columns, read back here.
 */

/** Kysely's `Generated<T>` written out: a plugin imports nothing but `@tessera/plugin`. */
type Generated<T> = { readonly __select__: T; readonly __insert__: T | undefined; readonly __update__: T };

interface Stamped {
  id: Generated<number>;
  site_id: number;
  created_at: string;
  updated_at: string;
}

export interface ZoneRow extends Stamped {
  name: string;
  position: number;
  locations: string;
  postcodes: string;
  methods: string;
}

export interface TaxRateRow extends Stamped {
  name: string;
  rate: string;
  country: string;
  regions: string;
  postcodes: string;
  tax_class: string;
  priority: number;
  shipping: number;
  position: number;
}

export interface CouponRow extends Stamped {
  code: string;
  code_key: string;
  kind: string;
  amount: string;
  starts_at: string | null;
  ends_at: string | null;
  minimum_order: number | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  times_used: number;
  product_ids: string;
  category_ids: string;
  excluded_product_ids: string;
  excluded_category_ids: string;
}

export interface RulesTables {
  ecommerce_zones: ZoneRow;
  ecommerce_tax_rates: TaxRateRow;
  ecommerce_coupons: CouponRow;
}

export type RulesDb = PluginDb<RulesTables>;

const now = () => new Date().toISOString();
const nullable = (value: number | null) => (value === null ? null : Number(value));
type Read<Row> = { [K in keyof Row]: Row[K] extends Generated<infer T> ? T : Row[K] };

function zoneOf(row: Read<ZoneRow>): DeliveryZoneRule {
  return {
    id: Number(row.id),
    name: row.name,
    position: Number(row.position),
    locations: JSON.parse(row.locations),
    postcodes: JSON.parse(row.postcodes),
    methods: JSON.parse(row.methods),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const zoneColumns = (zone: ZoneInput) => ({
  name: zone.name,
  position: zone.position,
  locations: JSON.stringify(zone.locations),
  postcodes: JSON.stringify(zone.postcodes),
  methods: JSON.stringify(zone.methods),
});

/** Zones in the order they are tried against an address. */
export async function listZones(db: RulesDb): Promise<DeliveryZoneRule[]> {
  const rows = await db.selectFrom('ecommerce_zones').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(zoneOf);
}

export async function findZone(db: RulesDb, id: number): Promise<DeliveryZoneRule | undefined> {
  const row = await db.selectFrom('ecommerce_zones').selectAll().where('id', '=', id).executeTakeFirst();
  return row && zoneOf(row);
}

export async function insertZone(db: RulesDb, zone: ZoneInput): Promise<DeliveryZoneRule> {
  const at = now();
  const row = await db
    .insertInto('ecommerce_zones', { ...zoneColumns(zone), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return zoneOf(row);
}

export async function updateZone(
  db: RulesDb,
  id: number,
  zone: ZoneInput,
): Promise<DeliveryZoneRule | undefined> {
  const row = await db
    .updateTable('ecommerce_zones')
    .set({ ...zoneColumns(zone), updated_at: now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && zoneOf(row);
}

function taxRateOf(row: Read<TaxRateRow>): TaxRateRule {
  return {
    id: Number(row.id),
    name: row.name,
    rate: Number(row.rate),
    country: row.country,
    regions: JSON.parse(row.regions),
    postcodes: JSON.parse(row.postcodes),
    tax_class: row.tax_class,
    priority: Number(row.priority),
    shipping: Number(row.shipping) === 1,
    position: Number(row.position),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const taxRateColumns = (rate: TaxRateInput) => ({
  name: rate.name,
  rate: String(rate.rate),
  country: rate.country,
  regions: JSON.stringify(rate.regions),
  postcodes: JSON.stringify(rate.postcodes),
  tax_class: rate.tax_class,
  priority: rate.priority,
  shipping: rate.shipping ? 1 : 0,
  position: rate.position,
});

export async function listTaxRates(db: RulesDb): Promise<TaxRateRule[]> {
  const rows = await db
    .selectFrom('ecommerce_tax_rates')
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(taxRateOf);
}

export async function findTaxRate(db: RulesDb, id: number): Promise<TaxRateRule | undefined> {
  const row = await db.selectFrom('ecommerce_tax_rates').selectAll().where('id', '=', id).executeTakeFirst();
  return row && taxRateOf(row);
}

export async function insertTaxRate(db: RulesDb, rate: TaxRateInput): Promise<TaxRateRule> {
  const at = now();
  const row = await db
    .insertInto('ecommerce_tax_rates', { ...taxRateColumns(rate), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return taxRateOf(row);
}

export async function updateTaxRate(
  db: RulesDb,
  id: number,
  rate: TaxRateInput,
): Promise<TaxRateRule | undefined> {
  const row = await db
    .updateTable('ecommerce_tax_rates')
    .set({ ...taxRateColumns(rate), updated_at: now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && taxRateOf(row);
}

function couponOf(row: Read<CouponRow>): CouponRule {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind as CouponRule['kind'],
    amount: Number(row.amount),
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    minimum_order: nullable(row.minimum_order),
    usage_limit: nullable(row.usage_limit),
    usage_limit_per_customer: nullable(row.usage_limit_per_customer),
    times_used: Number(row.times_used),
    product_ids: JSON.parse(row.product_ids),
    category_ids: JSON.parse(row.category_ids),
    excluded_product_ids: JSON.parse(row.excluded_product_ids),
    excluded_category_ids: JSON.parse(row.excluded_category_ids),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A code as it is compared: capitals, no spaces around. */
export const couponKey = (code: string) => code.trim().toUpperCase();

const couponColumns = (coupon: CouponInput) => ({
  code: coupon.code.trim(),
  code_key: couponKey(coupon.code),
  kind: coupon.kind,
  amount: String(coupon.amount),
  starts_at: coupon.starts_at === null ? null : new Date(coupon.starts_at).toISOString(),
  ends_at: coupon.ends_at === null ? null : new Date(coupon.ends_at).toISOString(),
  minimum_order: coupon.minimum_order,
  usage_limit: coupon.usage_limit,
  usage_limit_per_customer: coupon.usage_limit_per_customer,
  product_ids: JSON.stringify(coupon.product_ids),
  category_ids: JSON.stringify(coupon.category_ids),
  excluded_product_ids: JSON.stringify(coupon.excluded_product_ids),
  excluded_category_ids: JSON.stringify(coupon.excluded_category_ids),
});

/** Coupons, newest first; `search` finds codes containing it, whatever their case. */
export async function listCoupons(db: RulesDb, search?: string): Promise<CouponRule[]> {
  let query = db.selectFrom('ecommerce_coupons').selectAll();
  if (search) query = query.where('code_key', 'like', `%${couponKey(search).replace(/[%_\\]/g, '')}%`);
  const rows = await query.orderBy('id', 'desc').execute();
  return rows.map(couponOf);
}

export async function findCoupon(db: RulesDb, id: number): Promise<CouponRule | undefined> {
  const row = await db.selectFrom('ecommerce_coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row && couponOf(row);
}

/** The coupons of these codes, whatever their case, in the order asked; codes no coupon has are left out. */
export async function couponsByCode(db: RulesDb, codes: readonly string[]): Promise<CouponRule[]> {
  if (codes.length === 0) return [];
  const keys = codes.map(couponKey);
  const rows = await db.selectFrom('ecommerce_coupons').selectAll().where('code_key', 'in', keys).execute();
  const byKey = new Map(rows.map((row) => [row.code_key, couponOf(row)]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/** The coupon holding a code (any case), but `except`. */
export async function couponWithCode(
  db: RulesDb,
  code: string,
  except?: number,
): Promise<CouponRule | undefined> {
  let query = db.selectFrom('ecommerce_coupons').selectAll().where('code_key', '=', couponKey(code));
  if (except !== undefined) query = query.where('id', '!=', except);
  const row = await query.executeTakeFirst();
  return row && couponOf(row);
}

export async function insertCoupon(db: RulesDb, coupon: CouponInput): Promise<CouponRule> {
  const at = now();
  const row = await db
    .insertInto('ecommerce_coupons', {
      ...couponColumns(coupon),
      times_used: 0,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return couponOf(row);
}

export async function updateCoupon(
  db: RulesDb,
  id: number,
  coupon: CouponInput,
): Promise<CouponRule | undefined> {
  const row = await db
    .updateTable('ecommerce_coupons')
    .set({ ...couponColumns(coupon), updated_at: now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && couponOf(row);
}

/** Deletes a zone, rate or coupon: whether there was one. */
export async function deleteRule(
  db: RulesDb,
  table: 'ecommerce_zones' | 'ecommerce_tax_rates' | 'ecommerce_coupons',
  id: number,
): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
