import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../../test/fixtures/media-files.js';
import { type StockServers, startStockServers } from '../../../../test/fixtures/stock-servers.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { Unsplash } from './unsplash.js';

let t: TestContext;
let a: ContentSite;
let stock: StockServers;

beforeAll(async () => {
  stock = await startStockServers(await phoneJpeg(640, 480));
  t = await createTestApp({
    RATE_LIMIT_GENERAL: '100000',
    RATE_LIMIT_UPLOAD: '100000',
    STOCK_UNSPLASH_URL: stock.url,
    STOCK_PEXELS_URL: stock.url,
  });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
});

afterAll(async () => {
  await t.close();
  await stock.close();
});

describe('stock photos', () => {
  it('asks for the API key before anything, and keeps the key write-only', async () => {
    const none = await a.call('author', 'GET', '/api/media/stock/providers');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toEqual([
      { name: 'unsplash', label: 'Unsplash', configured: false },
      { name: 'pexels', label: 'Pexels', configured: false },
    ]);
    expect((await a.call('contributor', 'GET', '/api/media/stock/providers')).statusCode).toBe(403);
    const res = await a.call('editor', 'GET', '/api/media/stock/search?provider=unsplash&q=lighthouse');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.provider[0]).toContain('unsplash_access_key');
    const set = await a.call('admin', 'PUT', '/api/settings/media', {
      unsplash_access_key: 'wrong-key',
      pexels_api_key: stock.pexelsKey,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.unsplash_access_key).toEqual({ set: true });
    const refused = await a.call('editor', 'GET', '/api/media/stock/search?provider=unsplash&q=lighthouse');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.provider).toEqual(['Unsplash refused the API key in the media settings.']);
    await a.call('admin', 'PUT', '/api/settings/media', { unsplash_access_key: stock.unsplashKey });
    // Those who may import but not read the settings learn which providers have a key, not the key.
    const both = await a.call('author', 'GET', '/api/media/stock/providers');
    expect(both.json().data.map((p: { configured: boolean }) => p.configured)).toEqual([true, true]);
    expect(both.body).not.toContain(stock.unsplashKey);
  });

  it('searches both providers through one shape', async () => {
    const unsplash = await a.call(
      'author',
      'GET',
      '/api/media/stock/search?provider=unsplash&q=lighthouse&page=2',
    );
    expect(unsplash.statusCode, unsplash.body).toBe(200);
    expect(unsplash.json().meta).toMatchObject({ total: 133, per_page: 24, current_page: 2 });
    expect(unsplash.json().data[0]).toMatchObject({
      id: 'Dwu85P9SOIk',
      provider: 'unsplash',
      photographer: 'Ada Lovelace',
      profile_url: 'https://unsplash.com/@ada?utm_source=tessera&utm_medium=referral',
      source_url: 'https://unsplash.com/photos/Dwu85P9SOIk?utm_source=tessera&utm_medium=referral',
      license: 'Unsplash License',
      width: 4000,
    });
    const pexels = await a.call('author', 'GET', '/api/media/stock/search?provider=pexels&q=harbour');
    expect(pexels.json().data[0]).toMatchObject({
      id: '2014422',
      provider: 'pexels',
      description: 'Boats in a harbour at dusk',
      photographer: 'Grace Hopper',
      source_url: 'https://www.pexels.com/photo/harbour-2014422/',
      license: 'Pexels License',
    });
    expect((await a.call('author', 'GET', '/api/media/stock/search?provider=flickr&q=x')).statusCode).toBe(
      422,
    );
    expect((await a.call('author', 'GET', '/api/media/stock/search?provider=pexels&q=')).statusCode).toBe(
      422,
    );
    expect(
      (await a.call('contributor', 'GET', '/api/media/stock/search?provider=pexels&q=x')).statusCode,
    ).toBe(403);
  });

  it('refuses to download from a private address unless the installation allows it', async () => {
    const res = await a.call('editor', 'POST', '/api/media/stock/import', {
      provider: 'pexels',
      id: '2014422',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id[0]).toMatch(/private or reserved address/);
    expect(stock.imageHits).toEqual([]);
    // A site's Admin cannot open the private network; a Super Admin can.
    expect(
      (await a.call('admin', 'PUT', '/api/settings/media', { allow_private_sources: true })).statusCode,
    ).toBe(403);
    expect(
      (await a.call('super_admin', 'PUT', '/api/settings/media', { allow_private_sources: true })).statusCode,
    ).toBe(200);
  });

  it('imports through the upload pipeline with the credit, and tells Unsplash of the download', async () => {
    const res = await a.call('editor', 'POST', '/api/media/stock/import', {
      provider: 'unsplash',
      id: 'Dwu85P9SOIk',
    });
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({
      mime_type: 'image/webp',
      width: 480,
      height: 640,
      alt_text: 'a lighthouse on a cliff (Dwu85P9SOIk)',
      credit: {
        photographer: 'Ada Lovelace',
        profile_url: 'https://unsplash.com/@ada?utm_source=tessera&utm_medium=referral',
        source_url: 'https://unsplash.com/photos/Dwu85P9SOIk?utm_source=tessera&utm_medium=referral',
        provider: 'unsplash',
        license: 'Unsplash License',
      },
    });
    expect(media.file_name).toMatch(/^unsplash-dwu85p9soik-[0-9a-z]{6}\.webp$/);
    expect(Object.keys(media.variants).sort()).toEqual(['full', 'large', 'medium', 'thumbnail']);
    expect(stock.tracked).toEqual(['Dwu85P9SOIk']);

    const pexels = await a.call('editor', 'POST', '/api/media/stock/import', {
      provider: 'pexels',
      id: '2014423',
      alt_text: 'Harbour at dusk',
    });
    expect(pexels.statusCode, pexels.body).toBe(201);
    expect(pexels.json().data).toMatchObject({
      alt_text: 'Harbour at dusk',
      credit: { photographer: 'Grace Hopper', provider: 'pexels', license: 'Pexels License' },
    });
    expect(stock.tracked).toEqual(['Dwu85P9SOIk']);
    const missing = await a.call('editor', 'POST', '/api/media/stock/import', {
      provider: 'pexels',
      id: '404',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("tells Unsplash of a download only on its API's origin, through the outbound guard: the key goes nowhere else", async () => {
    // The photo's answer names another host for download tracking: the import goes on, untracked.
    const elsewhere = await a.call('editor', 'POST', '/api/media/stock/import', {
      provider: 'unsplash',
      id: 'elsewhere-1',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(stock.tracked).toEqual(['Dwu85P9SOIk']);

    // On the API's origin, a private address is refused as for any fetch made for a site.
    const unsplash = new Unsplash(stock.url);
    const guarded = await unsplash.download(stock.unsplashKey, 'Dwu85P9SOIk');
    await expect(guarded.track?.({ allowPrivate: false })).rejects.toThrow(/private or reserved address/);
    expect(stock.tracked).toEqual(['Dwu85P9SOIk']);
    await guarded.track?.({ allowPrivate: true });
    expect(stock.tracked).toEqual(['Dwu85P9SOIk', 'Dwu85P9SOIk']);
  });
});
