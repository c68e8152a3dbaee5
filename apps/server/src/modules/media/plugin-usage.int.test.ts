import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { PDF, phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { activatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import { allMigrationSources } from '../../lifecycle.js';

// A shop's products hold images: each save declares them, and the shop names its products in usage lists.
const shop = `export default function setup(plugin) {
  const t = plugin.schema;
  plugin.routes.put('/products/:id/images', {
    permission: 'authenticated',
    summary: 'Set the images of a product',
    params: t.Object({ id: t.Integer() }),
    body: t.Object({ images: t.Array(t.Integer()), previous: t.Optional(t.Array(t.Integer())) }),
  }, async (ctx, { params, body }) => {
    await ctx.transaction(() => plugin.media.declareReferences(ctx, 'product', params.id,
      body.images.map((mediaId, i) => ({ mediaId, path: 'images[' + i + ']', accepts: ['image'] })), body.previous));
    return { ok: true };
  });
  plugin.hooks.onFilter('media.owners', async (owners) =>
    owners.map((owner) => owner.type === 'shop.product' ? { ...owner, label: 'Product ' + owner.id, kind: 'product' } : owner));
}`;

let t: TestContext;
let a: ContentSite;
const fixtures = mkdtempSync(join(tmpdir(), 'tessera-media-plugin-'));

beforeAll(async () => {
  const folder = join(fixtures, 'shop');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'fixture-shop',
      version: '0.1.0',
      type: 'module',
      tessera: { plugin: 'shop', entry: 'index.js' },
    }),
  );
  writeFileSync(join(folder, 'index.js'), shop);
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' },
    {
      beforeSetup: async (runtime) => {
        await installPlugin(runtime, folder, await allMigrationSources(runtime));
      },
    },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const site = await t.runtime.siteStore.findById(a.siteId);
  if (!site) throw new Error('site missing');
  await activatePlugin(t.runtime, 'shop', site);
});

afterAll(async () => {
  await t.close();
  rmSync(fixtures, { recursive: true, force: true });
});

async function upload(name: string, data: Buffer) {
  return (await sendUpload(t.app, a, 'editor', { name, data })).json().data as { id: number };
}

describe("plugin records' media", () => {
  it('are checked, tracked and named through the plugin context', async () => {
    const photo = await upload('product.jpg', await phoneJpeg(60, 40));
    const manual = await upload('manual.pdf', PDF);

    const wrong = await a.call('editor', 'PUT', '/api/shop/products/7/images', {
      images: [photo.id, manual.id],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'images[1]': [`Media ${manual.id} is a document; this takes image files.`],
    });
    expect((await a.call('editor', 'GET', `/api/media/${photo.id}/usage`)).json().data).toEqual([]);

    expect(
      (await a.call('editor', 'PUT', '/api/shop/products/7/images', { images: [photo.id] })).statusCode,
    ).toBe(200);
    expect((await a.call('editor', 'GET', `/api/media/${photo.id}/usage`)).json().data).toEqual([
      {
        owner: { type: 'shop.product', id: 7, label: 'Product 7', kind: 'product' },
        path: 'images[0]',
        place: null,
      },
    ]);
    const refused = await a.call('editor', 'DELETE', `/api/media/${photo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.usage).toEqual(['product 7 "Product 7", at images[0]']);

    expect((await a.call('editor', 'PUT', '/api/shop/products/7/images', { images: [] })).statusCode).toBe(
      200,
    );
    expect((await a.call('editor', 'DELETE', `/api/media/${photo.id}`)).statusCode).toBe(204);
  });
});
