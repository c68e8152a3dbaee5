import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { bearer, seedToken } from '../../../../test/identity-fixtures.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});
afterAll(() => t.close());

const product = {
  slug: 'product',
  singular_label: 'Product',
  plural_label: 'Products',
  fields: [
    { key: 'price', label: 'Price', type: 'number', required: true, decimals: 2, min: 0 },
    { key: 'colour', label: 'Colour', type: 'color' },
    {
      key: 'gallery',
      label: 'Gallery',
      type: 'repeater',
      fields: [{ key: 'caption', label: 'Caption', type: 'text', required: true, max_length: 20 }],
    },
    { key: 'related', label: 'Related', type: 'relation', target_type: 'product', cardinality: 'many' },
  ],
};

describe(`content types (${testEngine})`, () => {
  it('gives every site page and post, built in and undeletable', async () => {
    const res = await a.call('editor', 'GET', '/api/content-types');
    expect(res.statusCode).toBe(200);
    const types = res.json().data;
    expect(types.map((type: { slug: string }) => type.slug)).toEqual(['page', 'post']);
    expect(types[0]).toMatchObject({ builtin: true, hierarchical: true, uses_builder: true });
    expect(types[1]).toMatchObject({ taxonomies: ['category', 'tag'], allows_comments: true, in_feed: true });
    const del = await a.call('admin', 'DELETE', '/api/content-types/post');
    expect(del.statusCode).toBe(409);
  });

  it("names the default category in the site's language when the site is made, and never renames it after", async () => {
    const f = await seedContentSite(t.app, t.runtime, 'fr.test');
    const french = await f.call('super_admin', 'PUT', `/api/sites/${f.siteId}`, {
      locales: ['fr'],
      default_locale: 'fr',
    });
    expect(french.statusCode, french.body).toBe(200);
    const categories = async (site: ContentSite) =>
      (await site.call('editor', 'GET', '/api/taxonomies/category/terms')).json().data as Array<{
        slug: string;
        name: string;
      }>;
    // The slug stays uncategorized in every language: addresses and references hold.
    expect(await categories(f)).toEqual([
      expect.objectContaining({ slug: 'uncategorized', name: 'Non classé' }),
    ]);
    const created = await f.call('editor', 'POST', '/api/posts', { title: 'Premier billet' });
    const post = (await f.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {})).json()
      .data;
    const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: f.host } });
    expect((await visit(post.url)).statusCode).toBe(200);
    // The category's page, where the site shows its name (the default theme's post page names none).
    const archive = await visit('/category/uncategorized');
    expect(archive.body).toContain('Premier billet');
    expect(archive.body).toContain('<h1>Non classé</h1>');
    expect(archive.body).not.toContain('Uncategorized');

    // A site made in English keeps its category's name when its language changes later.
    const e = await seedContentSite(t.app, t.runtime, 'en.test');
    expect(await categories(e)).toEqual([
      expect.objectContaining({ slug: 'uncategorized', name: 'Uncategorized' }),
    ]);
    await e.call('super_admin', 'PUT', `/api/sites/${e.siteId}`, { locales: ['fr'], default_locale: 'fr' });
    t.runtime.caches.clear('content_types');
    expect(await categories(e)).toEqual([expect.objectContaining({ name: 'Uncategorized' })]);
  });

  it('creates a custom type only with content_types.manage, and its permissions reach Admin at once', async () => {
    expect((await a.call('editor', 'POST', '/api/content-types', product)).statusCode).toBe(403);
    const created = await a.call('admin', 'POST', '/api/content-types', product);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      slug: 'product',
      route_pattern: '/product/{slug}',
      builtin: false,
    });
    const catalogue = (await a.call('admin', 'GET', '/api/permissions')).json().data;
    const ids = JSON.stringify(catalogue);
    for (const id of ['product.view', 'product.create', 'product.edit_others', 'product.publish_others'])
      expect(ids).toContain(id);
    // Admin's set is computed: it may use the new type without any role change.
    const entry = await a.call('admin', 'POST', '/api/content/product', {
      title: 'Lamp',
      fields: { price: 12.5 },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    // An editor has not been granted product.* yet.
    expect((await a.call('editor', 'GET', '/api/content/product')).statusCode).toBe(403);
    expect((await a.call('admin', 'POST', '/api/content-types', product)).statusCode).toBe(409);
  });

  it('validates definitions as a whole, with paths', async () => {
    const res = await a.call('admin', 'POST', '/api/content-types', {
      slug: 'broken',
      singular_label: 'Broken',
      plural_label: 'Broken',
      route_pattern: '/broken',
      taxonomies: ['genre'],
      fields: [
        { key: 'a', label: 'A', type: 'text' },
        { key: 'a', label: 'A again', type: 'text' },
      ],
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['route_pattern', 'taxonomies.0']));
    expect(Object.keys(errors).some((path) => path.startsWith('fields'))).toBe(true);
    for (const slug of ['media', 'users', 'pages'])
      expect((await a.call('admin', 'POST', '/api/content-types', { ...product, slug })).statusCode).toBe(
        422,
      );
  });

  it('validates entry values against the fields, with a message under each path', async () => {
    const res = await a.call('admin', 'POST', '/api/content/product', {
      title: 'Bad',
      fields: {
        price: -1,
        colour: 'red',
        gallery: [{ caption: 'ok' }, { caption: 'x'.repeat(30) }],
        extra: 1,
      },
    });
    expect(res.statusCode).toBe(422);
    const paths = Object.keys(res.json().errors);
    expect(paths).toEqual(
      expect.arrayContaining(['fields.price', 'fields.colour', 'fields.gallery[1].caption']),
    );
    const missing = await a.call('admin', 'POST', '/api/content/product', { title: 'No price', fields: {} });
    expect(Object.keys(missing.json().errors)).toContain('fields.price');
  });

  it('checks field patterns in linear time: ((a+))+ answers a hostile value with a 422 at once', async () => {
    const type = (pattern: string, value: string) => ({
      slug: 'code',
      singular_label: 'Code',
      plural_label: 'Codes',
      fields: [{ key: 'code', label: 'Code', type: 'text', pattern, default: value }],
    });
    const hostile = `${'a'.repeat(5000)}!`;
    // A default is checked when the type is saved: a hostile one once held the process for hours.
    const badDefault = await a.call('admin', 'POST', '/api/content-types', type('(a|a?)+', hostile));
    expect(badDefault.statusCode).toBe(422);
    expect(badDefault.json().errors['fields[0].default']).toEqual([
      'The default is not a valid value: Has an invalid format.',
    ]);
    const backreference = await a.call('admin', 'POST', '/api/content-types', type('(a)\\1', 'aa'));
    expect(backreference.statusCode).toBe(422);
    expect(backreference.json().errors['fields[0].pattern'][0]).toMatch(/^Backreferences .* not supported/);

    const created = await a.call('admin', 'POST', '/api/content-types', type('((a+))+', 'aaa'));
    expect(created.statusCode, created.body).toBe(201);
    const refused = await a.call('admin', 'POST', '/api/content/code', {
      title: 'Bad',
      fields: { code: hostile },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'fields.code': ['Has an invalid format.'] });
    const saved = await a.call('admin', 'POST', '/api/content/code', {
      title: 'Good',
      fields: { code: 'a'.repeat(5000) },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const defaulted = await a.call('admin', 'POST', '/api/content/code', { title: 'Default', fields: {} });
    expect(defaulted.statusCode, defaulted.body).toBe(201);
    expect(defaulted.json().data.fields).toEqual({ code: 'aaa' });
  });

  it('lists as referrers only entries of types the caller may view', async () => {
    const gadget = {
      slug: 'gadget',
      singular_label: 'Gadget',
      plural_label: 'Gadgets',
      fields: [{ key: 'story', label: 'Story', type: 'relation', target_type: 'post', cardinality: 'one' }],
    };
    expect((await a.call('admin', 'POST', '/api/content-types', gadget)).statusCode).toBe(201);
    const post = (await a.call('admin', 'POST', '/api/posts', { title: 'Launch story' })).json().data;
    const secret = await a.call('admin', 'POST', '/api/content/gadget', {
      title: 'Unannounced gadget',
      fields: { story: post.id },
    });
    expect(secret.statusCode, secret.body).toBe(201);
    const byAdmin = await a.call('admin', 'GET', `/api/posts/${post.id}/referenced-by`);
    expect(byAdmin.json().data).toEqual([expect.objectContaining({ title: 'Unannounced gadget' })]);
    for (const caller of ['author', 'contributor'] as const) {
      expect((await a.call(caller, 'GET', `/api/content/gadget/${secret.json().data.id}`)).statusCode).toBe(
        403,
      );
      const byCaller = await a.call(caller, 'GET', `/api/posts/${post.id}/referenced-by`);
      expect(byCaller.statusCode).toBe(200);
      expect(byCaller.json().data).toEqual([]);
    }
    const narrowed = await seedToken(t.runtime, a.users.admin.id, ['posts.view']);
    const byToken = await t.app.inject({
      url: `/api/posts/${post.id}/referenced-by`,
      headers: { host: 'a.test', ...bearer(narrowed) },
    });
    expect(byToken.json().data).toEqual([]);
  });

  it('keeps relations as rows, both ways, and never across sites', async () => {
    const lamp = (
      await a.call('admin', 'POST', '/api/content/product', { title: 'Desk lamp', fields: { price: 30 } })
    ).json().data;
    const bulb = await a.call('admin', 'POST', '/api/content/product', {
      title: 'Bulb',
      fields: { price: 2, related: [lamp.id] },
    });
    expect(bulb.statusCode, bulb.body).toBe(201);
    const withLamp = await a.call(
      'admin',
      'GET',
      `/api/content/product/${bulb.json().data.id}?include=related`,
    );
    expect(withLamp.json().data.included.related.map((entry: { id: number }) => entry.id)).toEqual([lamp.id]);
    const pointing = await a.call('admin', 'GET', `/api/content/product/${lamp.id}/referenced-by`);
    expect(pointing.json().data).toEqual([
      expect.objectContaining({ id: bulb.json().data.id, type: 'product', field: 'related' }),
    ]);

    await b.call('admin', 'POST', '/api/content-types', product);
    const foreign = (
      await b.call('admin', 'POST', '/api/content/product', { title: 'B lamp', fields: { price: 1 } })
    ).json().data;
    const cross = await a.call('admin', 'POST', '/api/content/product', {
      title: 'Cross',
      fields: { price: 1, related: [foreign.id] },
    });
    expect(cross.statusCode).toBe(422);
    expect(Object.keys(cross.json().errors)).toEqual(['fields.related']);
    // Deleting the lamp for good takes it out of the bulb's relation.
    expect(
      (await a.call('admin', 'DELETE', `/api/content/product/${lamp.id}?permanent=true`)).statusCode,
    ).toBe(204);
    const after = (await a.call('admin', 'GET', `/api/content/product/${bulb.json().data.id}`)).json().data;
    expect(after.fields.related).toEqual([]);
  });

  it('renames a field with its values, and refuses to drop values without confirmation', async () => {
    const entry = (
      await a.call('admin', 'POST', '/api/content/product', {
        title: 'Chair',
        fields: { price: 80, colour: '#ff0000' },
      })
    ).json().data;
    const current = (await a.call('admin', 'GET', '/api/content-types/product')).json().data;
    const renamed = current.fields.map((field: { key: string }) =>
      field.key === 'colour' ? { ...field, key: 'tint' } : field,
    );
    const res = await a.call('admin', 'PUT', '/api/content-types/product', {
      fields: renamed,
      renames: { colour: 'tint' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await a.call('admin', 'GET', `/api/content/product/${entry.id}`)).json().data.fields.tint).toBe(
      '#ff0000',
    );

    const dropped = renamed.filter((field: { key: string }) => field.key !== 'tint');
    const refused = await a.call('admin', 'PUT', '/api/content-types/product', { fields: dropped });
    expect(refused.statusCode).toBe(409);
    expect((await a.call('admin', 'GET', `/api/content/product/${entry.id}`)).json().data.fields.tint).toBe(
      '#ff0000',
    );
    const confirmed = await a.call('admin', 'PUT', '/api/content-types/product', {
      fields: dropped,
      confirm_data_loss: true,
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('deletes a custom type with its entries only when confirmed', async () => {
    await a.call('admin', 'POST', '/api/content-types', { ...product, slug: 'gadget', fields: [] });
    await a.call('admin', 'POST', '/api/content/gadget', { title: 'Widget' });
    expect((await a.call('admin', 'DELETE', '/api/content-types/gadget')).statusCode).toBe(409);
    expect(
      (await a.call('admin', 'DELETE', '/api/content-types/gadget?confirm_data_loss=true')).statusCode,
    ).toBe(204);
    expect((await a.call('admin', 'GET', '/api/content/gadget')).statusCode).toBe(404);
  });

  it('lets a role granted the type permissions use it', async () => {
    const roles = (await a.call('admin', 'GET', '/api/roles')).json().data;
    const editor = roles.find((role: { slug: string }) => role.slug === 'editor');
    const detail = (await a.call('admin', 'GET', `/api/roles/${editor.id}`)).json().data;
    const res = await a.call('admin', 'PUT', `/api/roles/${editor.id}`, {
      permissions: [...detail.permissions, 'product.view'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = await seedToken(t.runtime, a.users.editor.id, null, null, a.siteId);
    const list = await t.app.inject({
      url: '/api/content/product',
      headers: { host: a.host, ...bearer(token) },
    });
    expect(list.statusCode).toBe(200);
  });
});
