import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../../test/plugin-fixtures.js';
import { activatePlugin, deactivatePlugin } from '../../../core/plugins/plugin-admin.js';
import type { Site } from '../../../core/sites/site.js';

const fixtures = pluginFixtures();
// A plugin with a type of its own (books), a field on posts, and one on every type.
const shelf = fixtures.write(
  'shelf',
  `export default (plugin) => {
     plugin.content.defineType({
       slug: 'book', singular_label: 'Book', plural_label: 'Books', route_pattern: '/books/{slug}',
       fields: [
         { key: 'isbn', label: 'ISBN', type: 'text', required: true, pattern: '[0-9]{13}' },
         { key: 'pages', label: 'Pages', type: 'number', integer: true, min: 1 },
       ],
     });
     plugin.content.addFields(['post'], [{ key: 'subtitle', label: 'Subtitle', type: 'text', max_length: 20 }]);
     plugin.content.addFields('*', [{ key: 'hidden', label: 'Hidden from search engines', type: 'checkbox' }]);
   };`,
);
// A field of a type the plugin does not check: refused when it loads, nothing of it registered.
const unsound = fixtures.write(
  'unsound',
  `export default (plugin) => {
     plugin.permissions.register('unsound.use', 'Never registered');
     plugin.content.addFields(['post'], [{ key: 'size', label: 'Size', type: 'number', max_length: 3 }]);
   };`,
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let siteA: Site;
let siteB: Site;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [shelf, unsound]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  siteA = (await t.runtime.siteStore.findById(a.siteId)) as Site;
  siteB = (await t.runtime.siteStore.findById(b.siteId)) as Site;
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

const slugs = async (site: ContentSite) =>
  ((await site.call('editor', 'GET', '/api/content-types')).json().data as Array<{ slug: string }>).map(
    (type) => type.slug,
  );

describe(`content from plugins (${testEngine})`, () => {
  it('a plugin whose fields do not hold fails to load, whole', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/plugins',
      headers: { host: 'a.test', authorization: `Bearer ${a.users.admin.token}` },
    });
    const unsoundStatus = (listed.json().data as Array<{ name: string; state: string; error: string }>).find(
      (plugin) => plugin.name === 'unsound',
    );
    expect(unsoundStatus).toMatchObject({ state: 'failed' });
    expect(unsoundStatus?.error).toContain('added fields: fields[0].max_length');
    expect(t.runtime.permissions.has('unsound.use')).toBe(false);
  });

  it("a plugin's type and fields exist where it is active, with the engine's validation", async () => {
    expect(await slugs(a)).toEqual(['page', 'post']);
    expect((await a.call('admin', 'GET', '/api/content/book')).statusCode).toBe(404);
    await activatePlugin(t.runtime, 'shelf', siteA);
    expect(await slugs(a)).toEqual(['page', 'post', 'book']);
    expect(await slugs(b)).toEqual(['page', 'post']);

    const book = (await a.call('admin', 'GET', '/api/content-types/book')).json().data;
    expect(book).toMatchObject({ owner: 'shelf', builtin: false, route_pattern: '/books/{slug}' });
    expect(book.plugin_fields).toEqual([
      { key: 'shelf.hidden', label: 'Hidden from search engines', type: 'checkbox', plugin: 'shelf' },
    ]);
    const post = (await a.call('admin', 'GET', '/api/content-types/post')).json().data;
    expect(post.plugin_fields.map((field: { key: string }) => field.key)).toEqual([
      'shelf.subtitle',
      'shelf.hidden',
    ]);
    expect(post.fields.map((field: { key: string }) => field.key)).toEqual(['content']);

    // Its permissions are the catalogue's, listed with the plugin's.
    const catalogue = JSON.stringify((await a.call('admin', 'GET', '/api/permissions')).json().data);
    expect(catalogue).toContain('book.publish_others');

    const bad = await a.call('admin', 'POST', '/api/content/book', {
      title: 'Moby-Dick',
      fields: { isbn: '12', pages: 0, 'shelf.hidden': 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'fields.isbn',
      'fields.pages',
      'fields.shelf.hidden',
    ]);
    const created = await a.call('admin', 'POST', '/api/content/book', {
      title: 'Moby-Dick',
      fields: { isbn: '9780142437247', pages: 720, 'shelf.hidden': true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.fields).toEqual({ isbn: '9780142437247', pages: 720, 'shelf.hidden': true });
  });

  it("keeps a plugin's values when a save leaves them out, and revisions them with the entry", async () => {
    const tooLong = await a.call('editor', 'POST', '/api/posts', {
      title: 'Whales',
      fields: { content: '<p>Big.</p>', 'shelf.subtitle': 'x'.repeat(21) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['fields.shelf.subtitle']);
    const created = await a.call('editor', 'POST', '/api/posts', {
      title: 'Whales',
      fields: { content: '<p>Big.</p>', 'shelf.subtitle': 'and the sea' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data;
    // The form knows only the type's own fields: the plugin's stay as they were.
    const saved = await a.call('editor', 'PUT', `/api/posts/${id}`, {
      version,
      fields: { content: '<p>Bigger.</p>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.fields).toEqual({ content: '<p>Bigger.</p>', 'shelf.subtitle': 'and the sea' });
    const changed = await a.call('editor', 'PUT', `/api/posts/${id}`, {
      version: version + 1,
      fields: { 'shelf.subtitle': 'and the wind' },
    });
    expect(changed.json().data.fields['shelf.subtitle']).toBe('and the wind');
    const revisions = (await a.call('editor', 'GET', `/api/posts/${id}/revisions`)).json().data as Array<{
      id: number;
      version: number;
    }>;
    const first = revisions.find((revision) => revision.version === 1);
    const last = revisions.find((revision) => revision.version === 3);
    const kept = await a.call('editor', 'GET', `/api/posts/${id}/revisions/${first?.id}`);
    expect(kept.json().data.state.fields['shelf.subtitle']).toBe('and the sea');
    const compared = await a.call(
      'editor',
      'GET',
      `/api/posts/${id}/revisions/compare?from=${first?.id}&to=${last?.id}`,
    );
    expect(compared.statusCode, compared.body).toBe(200);
    expect(JSON.stringify(compared.json().data)).toContain('and the wind');
  });

  it('refuses to let administrators change or delete a plugin type, or take its slug', async () => {
    const changed = await a.call('admin', 'PUT', '/api/content-types/book', { plural_label: 'Tomes' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'content_type_owned' });
    expect((await a.call('admin', 'DELETE', '/api/content-types/book')).statusCode).toBe(409);
    const book = { slug: 'book', singular_label: 'Book', plural_label: 'Books' };
    const taken = await a.call('admin', 'POST', '/api/content-types', book);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual([`"book" is the shelf plugin's type; choose another slug.`]);
    // Where the plugin is not active the slug is the site's to take (an official plugin installed
    // everywhere must not reserve `product` on sites that never run the shop).
    const own = await b.call('admin', 'POST', '/api/content-types', book);
    expect(own.statusCode, own.body).toBe(201);
    expect((await b.call('admin', 'DELETE', '/api/content-types/book')).statusCode).toBe(204);
  });

  it('refuses activation where the site has a type of the same slug of its own', async () => {
    await t.runtime.data
      .site(siteB.id)
      .insertInto('content_types', {
        slug: 'book',
        singular_label: 'Book',
        plural_label: 'Books',
        description: '',
        builtin: 0,
        owner: null,
        fields: '[]',
        taxonomies: '[]',
        display: '{"list_columns":[],"icon":"book","menu_position":40}',
        route_pattern: '/book/{slug}',
        hierarchical: 0,
        has_archive: 1,
        allows_comments: 0,
        uses_builder: 0,
        in_feed: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await expect(activatePlugin(t.runtime, 'shelf', siteB)).rejects.toMatchObject({
      status: 409,
      code: 'content_type_taken',
      message: 'shelf defines the content type book, which this site has of its own.',
    });
  });

  it('hides the type and keeps every value while the plugin is off; they come back with it', async () => {
    const post = (
      await a.call('editor', 'POST', '/api/posts', {
        title: 'Tides',
        fields: { content: '<p>In and out.</p>', 'shelf.subtitle': 'twice a day' },
      })
    ).json().data;
    await deactivatePlugin(t.runtime, 'shelf', siteA);
    try {
      expect(await slugs(a)).toEqual(['page', 'post']);
      expect((await a.call('admin', 'GET', '/api/content/book')).statusCode).toBe(404);
      // Saving the post keeps the sleeping value, which cannot be changed meanwhile.
      const saved = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
        version: post.version,
        fields: { content: '<p>In, and out.</p>' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.fields['shelf.subtitle']).toBe('twice a day');
      const refused = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
        version: post.version + 1,
        fields: { 'shelf.subtitle': 'never' },
      });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['fields.shelf.subtitle']);
    } finally {
      await activatePlugin(t.runtime, 'shelf', siteA);
    }
    const books = (await a.call('admin', 'GET', '/api/content/book')).json().data as Array<{ title: string }>;
    expect(books.map((book) => book.title)).toEqual(['Moby-Dick']);
  });
});
