import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { PASSWORD, seedAccount } from '../../members/test/fixtures.js';
import {
  activateShop,
  FRANCE,
  onSale,
  publishProduct,
  type SavedProduct,
  Shopper,
  setStock,
  updateProduct,
  variant,
} from './fixtures.js';

// The buyer's cart inside Tessera, on the engine of the run: kept for the visitor's session and in
// the table, priced again at every read from the live offers and the shop's rules, saying what
// changed, and merged into the account's cart at sign-in.

let t: TestContext;
let a: ContentSite;
let mug: SavedProduct;
let b: ContentSite;

const admin = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const res = await a.call('admin', method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'cart-a.test');
  await activateShop(a);
  await admin('PUT', '/api/settings/accounts', { registration: true });
  await admin('POST', '/api/ecommerce/tax-rates', { name: 'TVA 20 %', rate: 20, country: 'FR' });
  await admin('POST', '/api/ecommerce/zones', FRANCE);
  await admin('POST', '/api/ecommerce/coupons', {
    code: 'TEN10',
    kind: 'percentage',
    amount: 10,
    minimum_order: 3000,
  });
  mug = await onSale(a, 'Blue mug', [variant('MUG-BLUE', 1200, { weight: 400 })]);
  await setStock(a, 'MUG-BLUE', 10);
  await onSale(a, 'Poster', [variant('POSTER', 1500, { weight: 2000 })]);
  await setStock(a, 'POSTER', 1);

  // A shop entering prices without tax, collected at the shop in Quebec.
  b = await seedContentSite(t.app, t.runtime, 'cart-b.test');
  await activateShop(b);
  for (const [method, url, body] of [
    [
      'PUT',
      '/api/settings/ecommerce',
      { currency: 'CAD', prices_include_tax: false, shop_country: 'CA', shop_region: 'QC' },
    ],
    ['POST', '/api/ecommerce/tax-rates', { name: 'Tax', rate: 10, country: 'CA', regions: ['QC'] }],
    [
      'POST',
      '/api/ecommerce/zones',
      {
        name: 'Canada',
        locations: [{ country: 'CA' }],
        methods: [{ id: 'shop', name: 'At the shop', kind: 'pickup' }],
      },
    ],
  ] as const) {
    const res = await b.call('admin', method, url, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  for (const sku of ['PEN-1', 'PEN-2', 'PEN-3'])
    await onSale(b, sku, [variant(sku, 333, { track_stock: false })]);
});
afterAll(async () => {
  await t?.close();
});

describe(`the cart (${testEngine})`, () => {
  it('answers an empty cart without starting a session, and keeps lines for the visitor once they add one', async () => {
    const buyer = new Shopper(t.app, a.host);
    const empty = await buyer.call('GET', '/api/ecommerce/cart');
    expect(empty.json().data).toMatchObject({ lines: [], total: 0, currency: 'EUR' });
    expect(empty.headers['set-cookie']).toBeUndefined();

    const added = await buyer.cart('POST', '/cart/lines', { sku: 'MUG-BLUE', quantity: 2 });
    expect(buyer.cookie).toMatch(/tessera_visitor=/);
    expect(added.lines).toEqual([
      expect.objectContaining({
        sku: 'MUG-BLUE',
        quantity: 2,
        title: 'Blue mug',
        unit_price: 1200,
        total: 2400,
        available: true,
      }),
    ]);
    // Taxed at the shop's address until the buyer gives one: 400 of VAT in 2400.
    expect(added).toMatchObject({ subtotal: 2400, tax: 400, total: 2400, shipping: null });
    expect(added.shipping_issue).toMatchObject({ code: 'shipping_address_needed' });

    // The browser closed and opened again: the same cart.
    const later = await buyer.reopened().cart('GET', '/cart');
    expect(later.lines).toHaveLength(1);
    // Another visitor has a cart of their own.
    expect((await new Shopper(t.app, a.host).cart('GET', '/cart')).lines).toEqual([]);
  });

  it('prices delivery and taxes exactly, and says why a method or a code does not apply', async () => {
    const buyer = new Shopper(t.app, a.host);
    await buyer.cart('POST', '/cart/lines', { sku: 'MUG-BLUE', quantity: 2 });
    const delivered = await buyer.cart('PUT', '/cart/delivery', {
      country: 'FR',
      postcode: '75011',
      shipping_method: 'colissimo',
    });
    // 2400 of goods and 590 of delivery (800 g), VAT included: 400 + 98.33 rounded to 98.
    expect(delivered).toMatchObject({
      subtotal: 2400,
      shipping: { method: 'colissimo', amount: 590, tax: 98, total: 590 },
      tax: 498,
      total: 2990,
      taxes: [{ name: 'TVA 20 %', rate: 20, amount: 498 }],
    });
    expect(delivered.shipping_options.map((option: { id: string }) => option.id)).toEqual([
      'colissimo',
      'pickup',
    ]);

    const short = await buyer.call('POST', '/api/ecommerce/cart/coupons', { code: 'ten10' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'coupon_minimum_not_met',
      errors: { code: ['This code applies to orders of €30.00 or more.'] },
    });
    const unknown = await buyer.call('POST', '/api/ecommerce/cart/coupons', { code: 'NOPE' });
    expect(unknown.json()).toMatchObject({
      code: 'coupon_unknown',
      errors: { code: ['No coupon has this code.'] },
    });

    await buyer.cart('PUT', '/cart/lines/MUG-BLUE', { quantity: 3 });
    const discounted = await buyer.cart('POST', '/cart/coupons', { code: 'ten10' });
    // 3600 less 10 % is 3240 (540 of VAT); 1200 g goes in the 990 band (165 of VAT).
    expect(discounted).toMatchObject({
      subtotal: 3600,
      discount: 360,
      shipping: { amount: 990, tax: 165 },
      tax: 705,
      total: 4230,
      coupons: [{ code: 'TEN10', applied: true, discount: 360, free_shipping: false, reason: null }],
    });
    expect((await buyer.cart('DELETE', '/cart/coupons/TEN10')).discount).toBe(0);

    const heavy = await buyer.call('POST', '/api/ecommerce/cart/lines', { sku: 'POSTER' });
    expect(heavy.statusCode, heavy.body).toBe(200);
    await buyer.cart('PUT', '/cart/lines/MUG-BLUE', { quantity: 10 });
    const tooHeavy = await buyer.call('PUT', '/api/ecommerce/cart/delivery', {
      country: 'FR',
      shipping_method: 'colissimo',
    });
    expect(tooHeavy.json()).toMatchObject({
      code: 'shipping_too_heavy',
      errors: { shipping_method: [expect.any(String)] },
    });
    const nowhere = await buyer.cart('PUT', '/cart/delivery', { country: 'JP' });
    expect(nowhere).toMatchObject({ shipping: null, shipping_issue: { code: 'shipping_no_zone' } });
  });

  it('sells only what is live and in stock, and says once what changed since the buyer last looked', async () => {
    const buyer = new Shopper(t.app, a.host);
    await buyer.cart('POST', '/cart/lines', { sku: 'MUG-BLUE', quantity: 2 });
    const draft = await updateProduct(a, mug, { variants: [variant('MUG-BLUE', 1500, { weight: 400 })] });
    expect(draft.statusCode, draft.body).toBe(200);
    // A draft's price reaches no buyer.
    expect((await buyer.cart('GET', '/cart')).lines[0].unit_price).toBe(1200);
    await publishProduct(a, { ...mug, version: draft.json().data.version });
    const changed = await buyer.cart('GET', '/cart');
    expect(changed.notices).toEqual([
      {
        code: 'ecommerce_price_changed',
        sku: 'MUG-BLUE',
        previous_price: 1200,
        price: 1500,
        message: 'The price of Blue mug changed from €12.00 to €15.00.',
      },
    ]);
    expect(changed.total).toBe(3000);
    expect((await buyer.cart('GET', '/cart')).notices).toEqual([]);

    const tooMany = await buyer.call('PUT', '/api/ecommerce/cart/lines/MUG-BLUE', { quantity: 11 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'ecommerce_out_of_stock',
      errors: { quantity: ['Only 10 left.'] },
    });
    await setStock(a, 'MUG-BLUE', 1);
    const short = await buyer.cart('GET', '/cart');
    expect(short.lines[0]).toMatchObject({ available: false, total: 0 });
    expect(short.notices).toEqual([expect.objectContaining({ code: 'ecommerce_stock_short', on_hand: 1 })]);
    expect(short.total).toBe(0);
    await setStock(a, 'MUG-BLUE', 10);

    const gone = await a.call('admin', 'POST', `/api/content/product/${mug.id}/unpublish`);
    expect(gone.statusCode, gone.body).toBe(200);
    try {
      const unsold = await buyer.cart('GET', '/cart');
      expect(unsold.notices).toEqual([
        expect.objectContaining({ code: 'ecommerce_unavailable', sku: 'MUG-BLUE' }),
      ]);
      expect((await buyer.call('POST', '/api/ecommerce/cart/lines', { sku: 'MUG-BLUE' })).statusCode).toBe(
        422,
      );
    } finally {
      await publishProduct(a, { ...mug, version: draft.json().data.version });
    }
    expect((await buyer.cart('DELETE', '/cart/lines/MUG-BLUE')).lines).toEqual([]);
    expect((await buyer.call('DELETE', '/api/ecommerce/cart/lines/MUG-BLUE')).statusCode).toBe(404);
  });

  it('merges the guest’s cart into the account’s at sign-in, on any device', async () => {
    await seedAccount({ t, a, b: a }, a, 'ada@cart.test');
    const phone = new Shopper(t.app, a.host);
    await phone.signIn('ada@cart.test', PASSWORD);
    await phone.cart('POST', '/cart/lines', { sku: 'MUG-BLUE', quantity: 1 });

    const laptop = new Shopper(t.app, a.host);
    await laptop.cart('POST', '/cart/lines', { sku: 'MUG-BLUE', quantity: 2 });
    await laptop.cart('POST', '/cart/lines', { sku: 'POSTER' });
    await laptop.signIn('ada@cart.test', PASSWORD);
    const merged = await laptop.cart('GET', '/cart');
    expect(merged.lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity])).toEqual([
      ['MUG-BLUE', 3],
      ['POSTER', 1],
    ]);
    expect((await phone.cart('GET', '/cart')).lines).toHaveLength(2);
  });

  it('adds tax to prices entered without it, rounded per line or per order as the shop says', async () => {
    const buyer = new Shopper(t.app, b.host);
    for (const sku of ['PEN-1', 'PEN-2', 'PEN-3']) await buyer.cart('POST', '/cart/lines', { sku });
    await buyer.cart('PUT', '/cart/delivery', { country: 'CA', region: 'QC', shipping_method: 'shop' });
    // Three lines of 3.33 at 10 %: 0.333 of tax each, 0.33 per line...
    const perLine = await buyer.cart('GET', '/cart');
    expect(perLine).toMatchObject({
      currency: 'CAD',
      subtotal: 999,
      tax: 99,
      total: 1098,
      shipping: { amount: 0 },
    });
    expect(perLine.lines.map((line: { tax: number }) => line.tax)).toEqual([33, 33, 33]);
    // ...but 0.999 rounded once per order is 1.00, shared among the lines.
    const setting = await b.call('admin', 'PUT', '/api/settings/ecommerce', { tax_rounding: 'order' });
    expect(setting.statusCode, setting.body).toBe(200);
    const perOrder = await buyer.cart('GET', '/cart');
    expect(perOrder).toMatchObject({ subtotal: 999, tax: 100, total: 1099 });
    expect(perOrder.lines.map((line: { tax: number }) => line.tax).sort()).toEqual([33, 33, 34]);
  });

  it('refuses a change sent from another origin', async () => {
    const buyer = new Shopper(t.app, a.host);
    const res = await buyer.call(
      'POST',
      '/api/ecommerce/cart/lines',
      { sku: 'MUG-BLUE' },
      'https://evil.test',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ecommerce_origin_refused' });
  });
});
