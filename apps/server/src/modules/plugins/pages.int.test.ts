import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { activatePlugin } from '../../core/plugins/plugin-admin.js';
import type { Site } from '../../core/sites/site.js';

const fixtures = pluginFixtures();
// A public page, a page per boat, a private cart with its form, and a redirect that tries to leave.
const harbour = fixtures.write(
  'harbour',
  `import { definePlugin, html } from '@tessera/plugin';
   const BOATS = ['pequod', 'rachel'];
   export default definePlugin((plugin) => {
     const t = plugin.schema;
     plugin.settings.define(t.Object({ cart_per_minute: t.Integer({ minimum: 1 }) }), { cart_per_minute: 3 });
     plugin.pages.get('/harbour/tides', { cache: 'public' }, () => ({
       title: 'Tides', description: 'Today at the harbour', body: html\`<p class="tides">High water at noon</p>\`,
     }));
     plugin.pages.get('/harbour/boats/:name', { cache: 'public' }, ({ params }) =>
       BOATS.includes(params.name) ? { title: params.name, body: html\`<h2>\${params.name}</h2>\` } : null);
     plugin.pages.get('/harbour/away', { cache: 'public' }, () => ({ redirect: '//evil.example/' }));
     const cartPage = async (page, problem) => {
       const visitor = await page.visitor.read();
       const items = visitor?.data.items ?? [];
       return html\`<p class="count">\${items.length} in the cart</p>\${problem && html\`<p class="problem">\${problem}</p>\`}
         <form method="post" action="/harbour/cart">\${page.formField('harbour.cart')}<input name="item"><button>Add</button></form>\`;
     };
     plugin.pages.get('/harbour/cart', { cache: 'private' }, async (page) => ({ title: 'Cart', body: await cartPage(page) }));
     plugin.pages.post('/harbour/cart', { form: 'harbour.cart', perMinute: { setting: 'cart_per_minute', default: 10 } }, async (page) => {
       if (!page.form.item) return { title: 'Cart', status: 422, body: await cartPage(page, 'Name an item.') };
       const visitor = await page.visitor.read();
       await page.visitor.setData({ items: [...(visitor?.data.items ?? []), page.form.item] });
       return { redirect: '/harbour/cart' };
     });
   });`,
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [harbour]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  await activatePlugin(t.runtime, 'harbour', (await t.runtime.siteStore.findById(a.siteId)) as Site);
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

const visit = (url: string, headers: Record<string, string> = {}, host = 'a.test') =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'a.test',
      origin: 'http://a.test',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
const tokenOf = (body: string) => /name="form_token" value="([^"]+)"/.exec(body)?.[1] ?? '';

describe(`plugins' pages (${testEngine})`, () => {
  it('are framed in the theme where the plugin is active, kept by the page cache when public', async () => {
    const tides = await visit('/harbour/tides');
    expect(tides.statusCode).toBe(200);
    expect(tides.body).toContain('<title>Tides – Site a.test</title>');
    expect(tides.body).toContain('<header class="tb-header">');
    expect(tides.body).toContain('<div class="tb-plugin-page"><p class="tides">High water at noon</p></div>');
    expect(tides.headers['cache-control']).toMatch(/^public/);
    expect((await visit('/harbour/tides', {}, 'b.test')).statusCode).toBe(404);
    expect((await visit('/harbour/boats/pequod')).body).toContain('<h2>pequod</h2>');
    expect((await visit('/harbour/boats/nautilus')).statusCode).toBe(404);
    // A redirect stays on the site.
    const away = await visit('/harbour/away');
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('/');
  });

  it("keep a visitor's cart in a session started by a guarded form post, never shared", async () => {
    const empty = await visit('/harbour/cart');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(empty.headers['set-cookie']).toBeUndefined();
    expect(empty.body).toContain('0 in the cart');
    const token = tokenOf(empty.body);
    expect(token).not.toBe('');

    const missing = await post('/harbour/cart', { item: 'rope' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'form_token_missing' });
    const elsewhere = await post(
      '/harbour/cart',
      { item: 'rope', form_token: token },
      { origin: 'http://evil.test' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'form_origin_refused' });

    const added = await post('/harbour/cart', { item: 'rope', form_token: token });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe('/harbour/cart');
    const cookie = String(added.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^tessera_visitor=/);
    const full = await visit('/harbour/cart', { cookie });
    expect(full.body).toContain('1 in the cart');
    expect(full.headers['cache-control']).toBe('private, no-store');

    const refused = await post('/harbour/cart', { item: '', form_token: token }, { cookie });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('<p class="problem">Name an item.</p>');
    expect(refused.headers['cache-control']).toBe('private, no-store');
    // Its budget is its settings' (3 a minute): the third post the guard lets through is the last.
    expect((await post('/harbour/cart', { item: 'sail', form_token: token }, { cookie })).statusCode).toBe(
      303,
    );
    const over = await post('/harbour/cart', { item: 'oar', form_token: token }, { cookie });
    expect(over.statusCode).toBe(429);
  });

  it('own the first segment of their addresses: an entry there refuses the activation, and is refused', async () => {
    const page = await a.call('editor', 'POST', '/api/pages', { title: 'Harbour', slug: 'harbour' });
    expect(page.statusCode).toBe(422);
    expect(page.json().errors.slug).toEqual([
      "/harbour is where the harbour plugin's pages are; choose another slug.",
    ]);
    expect(
      (await b.call('editor', 'POST', '/api/pages', { title: 'Harbour', slug: 'harbour' })).statusCode,
    ).toBe(201);
    await expect(
      activatePlugin(t.runtime, 'harbour', (await t.runtime.siteStore.findById(b.siteId)) as Site),
    ).rejects.toMatchObject({ status: 409, code: 'plugin_path_taken' });
  });
});
