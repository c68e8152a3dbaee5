import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { PDF, phoneJpeg } from '../../../apps/server/test/fixtures/media-files.js';
import { sendUpload } from '../../../apps/server/test/fixtures/media-upload.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { grant } from '../../forms/test/fixtures.js';
import type { StockLevel } from '../src/model.js';
import {
  activateShop,
  createProduct,
  option,
  postProduct,
  type SavedProduct,
  updateProduct,
  variant,
} from './fixtures.js';

// The shop's catalogue inside Tessera, on the engine of the run: the plugin as Tessera ships it,
// switched on per site; products through the content API, SKUs one product's each, the settings
// and the plugin's routes, each behind its permission and on its own site.

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'shop-a.test');
  b = await seedContentSite(t.app, t.runtime, 'shop-b.test');
  const languages = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
  expect(languages.statusCode, languages.body).toBe(200);
  for (const site of [a, b]) await activateShop(site);
});
afterAll(async () => {
  await t?.close();
});

const SIZE = option('Size', 'S', 'M');
const COLOUR = option('Colour', 'Red', 'Blue');

describe(`the e-commerce catalogue (${testEngine})`, () => {
  it('declares its permissions, its settings with their defaults, its mail and the product type', async () => {
    const catalogue = JSON.stringify((await a.call('admin', 'GET', '/api/permissions')).json().data);
    for (const permission of [
      'ecommerce.manage_products',
      'ecommerce.manage_orders',
      'ecommerce.view_reports',
      'ecommerce.manage_settings',
    ])
      expect(catalogue).toContain(permission);
    const settings = await a.call('admin', 'GET', '/api/settings/ecommerce');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data).toEqual({
      currency: 'EUR',
      prices_include_tax: true,
      tax_rounding: 'line',
      low_stock_threshold: 2,
      shop_country: 'FR',
      shop_region: '',
      shop_postcode: '',
    });
    const templates = (await a.call('admin', 'GET', '/api/email-templates')).json().data as Array<{
      event: string;
    }>;
    expect(templates.map((template) => template.event)).toContain('ecommerce.low_stock');
    const type = await a.call('admin', 'GET', '/api/content-types/product');
    expect(type.statusCode, type.body).toBe(200);
    expect(type.json().data).toMatchObject({ slug: 'product', route_pattern: '/products/{slug}' });
    expect(type.json().data.taxonomies).toEqual(['category', 'tag']);
  });

  it('takes a currency only by its ISO 4217 code', async () => {
    const unknown = await a.call('admin', 'PUT', '/api/settings/ecommerce', { currency: 'XYZ' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['ecommerce.currency']);
    const lower = await a.call('admin', 'PUT', '/api/settings/ecommerce', { currency: 'usd' });
    expect(lower.statusCode).toBe(422);
    const saved = await b.call('admin', 'PUT', '/api/settings/ecommerce', {
      currency: 'CHF',
      tax_rounding: 'order',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await b.call('admin', 'GET', '/api/settings/ecommerce')).json().data).toMatchObject({
      currency: 'CHF',
      tax_rounding: 'order',
    });
    // Another site's settings are its own.
    expect((await a.call('admin', 'GET', '/api/settings/ecommerce')).json().data.currency).toBe('EUR');
  });

  it('keeps a product’s description, gallery, options and variants in its entry, with their prices', async () => {
    const variants = [
      variant('TEE-S-RED', 1900, { option1: 'S', option2: 'Red', compare_at_price: 2500, weight: 180 }),
      variant('TEE-M-BLUE', 2100, { option1: 'M', option2: 'Blue', track_stock: false }),
    ];
    const res = await postProduct(a, {
      title: 'Linen tee',
      fields: { description: '<p>Soft <strong>linen</strong>.</p>', options: [SIZE, COLOUR], variants },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json().data as SavedProduct;
    const read = await a.call('admin', 'GET', `/api/content/product/${saved.id}`);
    expect(read.json().data.fields).toMatchObject({
      description: '<p>Soft <strong>linen</strong>.</p>',
      options: [SIZE, COLOUR],
      variants,
      tax_class: 'standard',
    });
    // The first save of a variant's stock: none on hand until it is set; an untracked one is not counted.
    const stock = (await a.call('admin', 'GET', `/api/ecommerce/stock?product=${saved.id}`)).json()
      .data as StockLevel[];
    expect(stock.map((level) => [level.sku, level.tracked, level.on_hand, level.product?.title])).toEqual([
      ['TEE-M-BLUE', false, 0, 'Linen tee'],
      ['TEE-S-RED', true, 0, 'Linen tee'],
    ]);
    expect(stock[1]?.product).toEqual({ id: saved.id, title: 'Linen tee', variant: 'S / Red' });
  });

  it('holds several images of the media library in its gallery, one per variant, and its categories and tags', async () => {
    const upload = async (name: string) => {
      const res = await sendUpload(t.app, a, 'admin', {
        name,
        data: await phoneJpeg(800, 800),
        type: 'image/jpeg',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const [front, back] = [await upload('front.jpg'), await upload('back.jpg')];
    const pdf = await sendUpload(t.app, a, 'admin', { name: 'care.pdf', data: PDF, type: 'application/pdf' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const category = await a.call('admin', 'POST', '/api/taxonomies/category/terms', { name: 'Kitchen' });
    const tag = await a.call('admin', 'POST', '/api/taxonomies/tag/terms', { name: 'Handmade' });
    expect([category.statusCode, tag.statusCode]).toEqual([201, 201]);
    const terms = { category: [category.json().data.id], tag: [tag.json().data.id] };

    const res = await postProduct(a, {
      title: 'Stoneware jug',
      fields: {
        gallery: [front, back],
        options: [COLOUR],
        variants: [variant('JUG-RED', 3500, { option1: 'Red', image: front })],
      },
      terms,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.fields).toMatchObject({ gallery: [front, back], variants: [{ image: front }] });
    expect(res.json().data.terms).toEqual(terms);
    // The library knows where its images are used, and keeps a document out of an image's place.
    const usage = await a.call('admin', 'GET', `/api/media/${back}/usage`);
    expect(JSON.stringify(usage.json().data)).toContain('Stoneware jug');
    const wrong = await postProduct(a, {
      title: 'Paper jug',
      fields: { gallery: [front, pdf.json().data.id as number] },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['fields.gallery[1]']);
  });

  it('refuses variants that are not combinations of the options, on the variant’s field', async () => {
    const res = await postProduct(a, {
      title: 'Odd tee',
      fields: {
        options: [SIZE],
        variants: [
          variant('ODD-XL', 1900, { option1: 'XL' }),
          variant('ODD-S', 1900, { option1: 'S', option2: 'Red' }),
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'fields.variants[0].option1': ['Choose one of Size’s values: S, M.'],
      'fields.variants[1].option2': ['The product has no option 2.'],
    });
    // What the field definitions say is the engine's own check, before the plugin's.
    const bad = await postProduct(a, {
      title: 'Bad',
      fields: { variants: [{ sku: 'has space', price: 1.5 }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'fields.variants[0].price',
      'fields.variants[0].sku',
    ]);
  });

  it('gives each SKU to one product of the site: another product repeating it gets 422 on that variant', async () => {
    const mug = await createProduct(a, 'Blue mug', [], [variant('MUG-BLUE', 1200)]);
    const twin = await postProduct(a, {
      title: 'Other mug',
      fields: {
        options: [COLOUR],
        variants: [
          variant('MUG-RED', 1200, { option1: 'Red' }),
          variant('MUG-BLUE', 1200, { option1: 'Blue' }),
        ],
      },
    });
    expect(twin.statusCode).toBe(422);
    expect(twin.json()).toMatchObject({
      code: 'ecommerce_sku_taken',
      errors: { 'fields.variants[1].sku': ['The SKU MUG-BLUE is another product’s: “Blue mug”.'] },
    });
    // Nothing of the refused save stays: its other SKU is free.
    expect((await a.call('admin', 'GET', '/api/ecommerce/stock/MUG-RED')).statusCode).toBe(404);

    // Its own product saves it again, renamed; a SKU it drops is free for another product.
    const renamed = await updateProduct(a, mug, { variants: [variant('MUG-BLUE-2', 1300)] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const taker = await createProduct(a, 'Taker mug', [], [variant('MUG-BLUE', 1100)]);
    expect((await a.call('admin', 'GET', '/api/ecommerce/stock/MUG-BLUE')).json().data.product).toEqual({
      id: taker.id,
      title: 'Taker mug',
      variant: '',
    });

    // One product cannot hold a SKU twice either.
    const twice = await postProduct(a, {
      title: 'Twice',
      fields: {
        options: [SIZE],
        variants: [variant('TWICE', 100, { option1: 'S' }), variant('TWICE', 100, { option1: 'M' })],
      },
    });
    expect(twice.json().errors).toEqual({ 'fields.variants[1].sku': ['Variant 1 has the SKU TWICE.'] });
  });

  it('frees a product’s SKUs when it goes to the trash', async () => {
    const lamp = await createProduct(a, 'Lamp', [], [variant('LAMP-1', 4500)]);
    const trashed = await a.call('admin', 'DELETE', `/api/content/product/${lamp.id}`);
    expect(trashed.statusCode, trashed.body).toBe(204);
    await createProduct(a, 'New lamp', [], [variant('LAMP-1', 4900)]);
  });

  it('lets a product’s translation sell its SKUs, its variants shared with it', async () => {
    const bag = await createProduct(
      a,
      'Tote bag',
      [COLOUR],
      [variant('BAG-RED', 2900, { option1: 'Red' }), variant('BAG-BLUE', 2900, { option1: 'Blue' })],
    );
    const french = await a.call('admin', 'POST', `/api/content/product/${bag.id}/translations`, {
      locale: 'fr',
      title: 'Sac cabas',
    });
    expect(french.statusCode, french.body).toBe(201);
    const sac = french.json().data as SavedProduct;
    expect(sac.fields.variants).toEqual(bag.fields.variants);
    // Its own save checks its SKUs against the other French products only.
    const price = await updateProduct(a, sac, {
      ...sac.fields,
      variants: [
        variant('BAG-RED', 3100, { option1: 'Red' }),
        variant('BAG-BLUE', 3100, { option1: 'Blue' }),
      ],
    });
    expect(price.statusCode, price.body).toBe(200);
    const english = (await a.call('admin', 'GET', `/api/content/product/${bag.id}`)).json()
      .data as SavedProduct;
    expect((english.fields.variants as Array<{ price: number }>).map((each) => each.price)).toEqual([
      3100, 3100,
    ]);
    // Stock is the goods, one figure for both languages, named after the site's language.
    expect((await a.call('admin', 'GET', '/api/ecommerce/stock/BAG-RED')).json().data.product.title).toBe(
      'Tote bag',
    );
  });

  it('generates the variants of the options’ combinations, keeping those that stay', async () => {
    // Its nulls stay nulls (a request's coercion must not make a 0 of them).
    const kept = variant('SOCK-S', 900, {
      option1: 'S',
      option2: null,
      weight: 40,
      compare_at_price: null,
      image: null,
    });
    const res = await a.call('admin', 'POST', '/api/ecommerce/variants/generate', {
      options: [SIZE, option('Pattern', 'Plain', 'Stripes')],
      variants: [kept, variant('SOCK-XL', 900, { option1: 'XL' })],
      sku_prefix: 'SOCK',
      price: 1000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { variants, removed } = res.json().data as {
      variants: Array<{ sku: string }>;
      removed: Array<{ sku: string }>;
    };
    expect(variants.map((each) => each.sku)).toEqual([
      'SOCK-S-PLAIN',
      'SOCK-S-STRIPES',
      'SOCK-M-PLAIN',
      'SOCK-M-STRIPES',
    ]);
    expect(removed.map((each) => each.sku)).toEqual(['SOCK-S', 'SOCK-XL']);

    const same = await a.call('admin', 'POST', '/api/ecommerce/variants/generate', {
      options: [SIZE],
      variants: [kept],
      sku_prefix: 'SOCK',
      price: 1000,
    });
    expect(same.json().data.variants).toEqual([
      kept,
      { sku: 'SOCK-M', option1: 'M', price: 1000, track_stock: true },
    ]);

    const many = option('N', ...Array.from({ length: 100 }, (_, i) => `v${i}`));
    const tooMany = await a.call('admin', 'POST', '/api/ecommerce/variants/generate', {
      options: [many, option('Other', 'x', 'y', 'z')],
      sku_prefix: 'BIG',
      price: 1,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.options).toEqual([
      'These options make 300 combinations; a product has 250 variants at most.',
    ]);
  });

  it('answers its routes to their permission holders only', async () => {
    await createProduct(a, 'Guarded', [], [variant('GUARD-1', 100)]);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/ecommerce/stock'],
      ['GET', '/api/ecommerce/stock/GUARD-1'],
      ['PUT', '/api/ecommerce/stock/GUARD-1', { on_hand: 5 }],
      ['POST', '/api/ecommerce/variants/generate', { options: [], sku_prefix: 'X', price: 1 }],
      ['GET', '/api/ecommerce/low-stock'],
    ];
    for (const [method, url, body] of routes) {
      expect((await a.call('anonymous', method as 'GET', url, body)).statusCode, url).toBe(401);
      for (const caller of ['editor', 'author', 'outsider'] as const)
        expect((await a.call(caller, method as 'GET', url, body)).statusCode, `${caller} ${url}`).toBe(403);
      expect((await a.call('admin', method as 'GET', url, body)).statusCode, url).toBe(200);
    }
    // The dashboard's low-stock list is for report readers too; the stock itself is not.
    await grant(a, 'editor', 'ecommerce.view_reports');
    expect((await a.call('editor', 'GET', '/api/ecommerce/low-stock')).statusCode).toBe(200);
    expect((await a.call('editor', 'GET', '/api/ecommerce/stock')).statusCode).toBe(403);
    await grant(a, 'author', 'ecommerce.manage_products');
    expect((await a.call('author', 'PUT', '/api/ecommerce/stock/GUARD-1', { on_hand: 7 })).statusCode).toBe(
      200,
    );
  });

  it('keeps each site’s SKUs and stock to itself', async () => {
    await createProduct(a, 'Vase', [], [variant('VASE-1', 3000)]);
    expect((await a.call('admin', 'PUT', '/api/ecommerce/stock/VASE-1', { on_hand: 9 })).statusCode).toBe(
      200,
    );
    // Site B does not see site A's SKU, and may sell one of the same name.
    expect((await b.call('admin', 'GET', '/api/ecommerce/stock/VASE-1')).statusCode).toBe(404);
    expect((await b.call('admin', 'PUT', '/api/ecommerce/stock/VASE-1', { on_hand: 1 })).statusCode).toBe(
      404,
    );
    await createProduct(b, 'Other vase', [], [variant('VASE-1', 3000)]);
    expect((await b.call('admin', 'GET', '/api/ecommerce/stock/VASE-1')).json().data).toMatchObject({
      on_hand: 0,
      product: { title: 'Other vase' },
    });
    expect((await a.call('admin', 'GET', '/api/ecommerce/stock/VASE-1')).json().data.on_hand).toBe(9);
    const listed = (await b.call('admin', 'GET', '/api/ecommerce/stock')).json().data as StockLevel[];
    expect(listed.map((level) => level.sku)).toEqual(['VASE-1']);
    // A's admin is no one on B.
    const token = a.users.admin.token;
    const cross = await t.app.inject({
      method: 'GET',
      url: '/api/ecommerce/stock',
      headers: { host: b.host, authorization: `Bearer ${token}` },
    });
    expect([401, 403]).toContain(cross.statusCode);
  });

  it('answers nothing on a site where it is not active', async () => {
    const off = await b.call('admin', 'PUT', '/api/plugins/ecommerce/active', { active: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect((await b.call('admin', 'GET', '/api/ecommerce/stock')).statusCode).toBe(404);
      expect((await postProduct(b, { title: 'Hidden' })).statusCode).toBe(404);
    } finally {
      const on = await b.call('admin', 'PUT', '/api/plugins/ecommerce/active', { active: true });
      expect(on.statusCode, on.body).toBe(200);
    }
  });
});
