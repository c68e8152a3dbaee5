import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { activateShop, FRANCE } from './fixtures.js';

// The shop's rules inside Tessera, on the engine of the run: delivery zones, tax rates and coupons
// kept per site behind ecommerce.manage_settings, each refused field by field when it does not hold.

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'rules-a.test');
  b = await seedContentSite(t.app, t.runtime, 'rules-b.test');
  for (const site of [a, b]) await activateShop(site);
});
afterAll(async () => {
  await t?.close();
});

describe(`shop rules (${testEngine})`, () => {
  it('keeps delivery zones per site, in the order tried, and replaces and deletes them', async () => {
    const made = await a.call('admin', 'POST', '/api/ecommerce/zones', FRANCE);
    expect(made.statusCode, made.body).toBe(201);
    const zone = made.json().data;
    expect(zone).toMatchObject({ name: 'France', position: 0, postcodes: [], methods: FRANCE.methods });

    const world = await a.call('admin', 'POST', '/api/ecommerce/zones', {
      name: 'World',
      position: 10,
      locations: [],
      methods: [{ id: 'dhl', name: 'DHL', kind: 'flat', amount: 2500 }],
    });
    expect(world.statusCode, world.body).toBe(201);
    const list = await a.call('admin', 'GET', '/api/ecommerce/zones');
    expect(list.json().data.map((each: { name: string }) => each.name)).toEqual(['France', 'World']);
    expect((await b.call('admin', 'GET', '/api/ecommerce/zones')).json().data).toEqual([]);
    expect((await b.call('admin', 'GET', `/api/ecommerce/zones/${zone.id}`)).statusCode).toBe(404);

    const changed = await a.call('admin', 'PUT', `/api/ecommerce/zones/${zone.id}`, {
      ...FRANCE,
      name: 'Metropolitan France',
      postcodes: ['0*', '1*', '20000...95999'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Metropolitan France',
      postcodes: ['0*', '1*', '20000...95999'],
    });

    expect((await a.call('admin', 'DELETE', `/api/ecommerce/zones/${world.json().data.id}`)).statusCode).toBe(
      204,
    );
    expect((await a.call('admin', 'DELETE', `/api/ecommerce/zones/${world.json().data.id}`)).statusCode).toBe(
      404,
    );
    expect((await a.call('admin', 'PUT', '/api/ecommerce/zones/999999', FRANCE)).statusCode).toBe(404);
  });

  it('refuses a zone field by field: bands, repeated methods, postcode ranges', async () => {
    const res = await a.call('admin', 'POST', '/api/ecommerce/zones', {
      name: 'Broken',
      locations: [{ country: 'BE' }],
      postcodes: ['2000...1000'],
      methods: [
        { id: 'post', name: 'Post', kind: 'weight', bands: [] },
        { id: 'post', name: 'Flat', kind: 'flat' },
        { id: 'free', name: 'Free', kind: 'free', free_above: 100 },
        {
          id: 'value',
          name: 'By value',
          kind: 'value',
          bands: [
            { from: 0, amount: 500 },
            { from: 0, amount: 0 },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'postcodes.0': ['The range 2000...1000 ends before it starts.'],
      'methods.0.bands': ['Give at least one band.'],
      'methods.1.id': ['Another method of this zone is post.'],
      'methods.1.amount': ['A flat rate needs its amount.'],
      'methods.2.free_above': ['A free method is free already, or costs what it says.'],
      'methods.3.bands.1.from': ['Another band starts or ends here already.'],
    });
    const country = await a.call('admin', 'POST', '/api/ecommerce/zones', {
      ...FRANCE,
      locations: [{ country: 'France' }],
    });
    expect(country.statusCode).toBe(422);
    expect(Object.keys(country.json().errors)).toEqual(['locations.0.country']);
  });

  it('keeps tax rates with their regions, postcodes, class, priority and shipping', async () => {
    const vat = await a.call('admin', 'POST', '/api/ecommerce/tax-rates', {
      name: 'TVA 20 %',
      rate: 20,
      country: 'FR',
    });
    expect(vat.statusCode, vat.body).toBe(201);
    expect(vat.json().data).toMatchObject({
      rate: 20,
      regions: [],
      postcodes: [],
      tax_class: 'standard',
      priority: 1,
      shipping: true,
    });
    const qst = await a.call('admin', 'POST', '/api/ecommerce/tax-rates', {
      name: 'QST',
      rate: 9.975,
      country: 'CA',
      regions: ['qc'],
      priority: 2,
      shipping: false,
      tax_class: 'reduced',
    });
    expect(qst.statusCode, qst.body).toBe(201);
    expect(qst.json().data).toMatchObject({ rate: 9.975, regions: ['QC'], priority: 2, shipping: false });
    const id = qst.json().data.id;
    const changed = await a.call('admin', 'PUT', `/api/ecommerce/tax-rates/${id}`, {
      name: 'QST',
      rate: 5.5,
      country: 'CA',
    });
    expect(changed.json().data).toMatchObject({ rate: 5.5, regions: [], shipping: true });
    expect((await a.call('admin', 'GET', '/api/ecommerce/tax-rates')).json().data).toHaveLength(2);
    expect((await b.call('admin', 'DELETE', `/api/ecommerce/tax-rates/${id}`)).statusCode).toBe(404);
    expect((await a.call('admin', 'DELETE', `/api/ecommerce/tax-rates/${id}`)).statusCode).toBe(204);

    const wrong = await a.call('admin', 'POST', '/api/ecommerce/tax-rates', {
      name: 'Odd',
      rate: 5.12345,
      country: '*',
      regions: ['QC'],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      rate: ['A rate has at most four decimals.'],
      regions: ['Regions belong to a country: name it.'],
    });
    expect(
      (await a.call('admin', 'POST', '/api/ecommerce/tax-rates', { name: 'Big', rate: 101, country: 'FR' }))
        .statusCode,
    ).toBe(422);
  });

  it('keeps coupons with a code unique per site whatever its case', async () => {
    const made = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'Summer10',
      kind: 'percentage',
      amount: 10,
      starts_at: '2026-06-01T00:00:00+02:00',
      ends_at: '2026-09-01T00:00:00Z',
      minimum_order: 3000,
      usage_limit: 100,
      usage_limit_per_customer: 1,
      category_ids: [4],
      excluded_product_ids: [9],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      code: 'Summer10',
      amount: 10,
      starts_at: '2026-05-31T22:00:00.000Z',
      times_used: 0,
      product_ids: [],
      category_ids: [4],
      excluded_product_ids: [9],
    });
    const twin = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'SUMMER10',
      kind: 'fixed',
      amount: 500,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      code: 'ecommerce_coupon_code_taken',
      errors: { code: [expect.any(String)] },
    });
    // Another site has codes of its own.
    expect(
      (await b.call('admin', 'POST', '/api/ecommerce/coupons', { code: 'summer10', kind: 'free_shipping' }))
        .statusCode,
    ).toBe(201);

    const id = made.json().data.id;
    const renamed = await a.call('admin', 'PUT', `/api/ecommerce/coupons/${id}`, {
      code: 'summer10',
      kind: 'fixed',
      amount: 500,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      code: 'summer10',
      kind: 'fixed',
      amount: 500,
      usage_limit: null,
    });
    const other = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'WINTER',
      kind: 'free_shipping',
    });
    const clash = await a.call('admin', 'PUT', `/api/ecommerce/coupons/${other.json().data.id}`, {
      code: 'Summer10',
      kind: 'free_shipping',
    });
    expect(clash.statusCode).toBe(409);
    const found = await a.call('admin', 'GET', '/api/ecommerce/coupons?search=umm');
    expect(found.json().data.map((each: { code: string }) => each.code)).toEqual(['summer10']);
    expect(
      (await a.call('admin', 'DELETE', `/api/ecommerce/coupons/${other.json().data.id}`)).statusCode,
    ).toBe(204);
    expect((await a.call('admin', 'GET', `/api/ecommerce/coupons/${other.json().data.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a coupon field by field', async () => {
    const res = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'BROKEN',
      kind: 'percentage',
      amount: 150,
      starts_at: '2026-09-01T00:00:00Z',
      ends_at: '2026-06-01T00:00:00Z',
      product_ids: [3],
      excluded_product_ids: [3],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      amount: ['A percentage is above 0 and at most 100, with at most four decimals.'],
      ends_at: ['It ends before it starts.'],
      excluded_product_ids: ['A product is both included and excluded.'],
    });
    const fixed = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'HALF',
      kind: 'fixed',
      amount: 2.5,
      starts_at: 'soon',
    });
    expect(fixed.json().errors).toEqual({
      amount: ['A fixed amount is a whole number of minor units (cents), 1 or more.'],
      starts_at: ['Not a date and time (ISO 8601).'],
    });
    const code = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'two words',
      kind: 'free_shipping',
    });
    expect(code.statusCode).toBe(422);
    expect(Object.keys(code.json().errors)).toEqual(['code']);
  });

  it('is for those holding ecommerce.manage_settings', async () => {
    for (const path of ['/api/ecommerce/zones', '/api/ecommerce/tax-rates', '/api/ecommerce/coupons']) {
      expect((await a.call('editor', 'GET', path)).statusCode).toBe(403);
      expect((await a.call('anonymous', 'GET', path)).statusCode).toBe(401);
      expect((await a.call('editor', 'POST', path, {})).statusCode).toBe(403);
    }
  });
});

describe(`the shop's requirement (${testEngine})`, () => {
  it('is switched on only where payments is', async () => {
    const c = await seedContentSite(t.app, t.runtime, 'rules-c.test');
    const refused = await c.call('admin', 'PUT', '/api/plugins/ecommerce/active', { active: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('plugin_requirement_missing');
    await activateShop(c);
    const off = await c.call('admin', 'PUT', '/api/plugins/payments/active', { active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('plugin_required');
  });
});
