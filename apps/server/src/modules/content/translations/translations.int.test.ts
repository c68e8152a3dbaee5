import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  // A second locale is a site setting, changed through the sites API.
  expect((await a.call('admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] })).statusCode).toBe(
    403,
  );
  const enabled = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
  expect(enabled.statusCode, enabled.body).toBe(200);
  expect(enabled.json().data).toMatchObject({ default_locale: 'en', locales: ['en', 'fr'] });
});
afterAll(() => t.close());

async function created(caller: Caller, url: string, body: Record<string, unknown>) {
  const res = await a.call(caller, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const group = async (url: string) =>
  (await a.call('editor', 'GET', `${url}/translations`)).json().data as { id: number; locale: string }[];

describe(`translations (${testEngine})`, () => {
  it('creates a draft translation in another locale, copying content and terms, and lists the group', async () => {
    const news = await created('editor', '/api/taxonomies/category/terms', { name: 'News' });
    const tag = await created('editor', '/api/taxonomies/tag/terms', { name: 'Hot' });
    const post = await created('editor', '/api/posts', {
      title: 'Hello',
      excerpt: 'Short',
      terms: { category: [news.id], tag: [tag.id] },
    });
    await a.call('editor', 'POST', `/api/posts/${post.id}/publish`);
    const french = await created('editor', `/api/posts/${post.id}/translations`, {
      locale: 'fr',
      title: 'Bonjour',
    });
    expect(french).toMatchObject({
      locale: 'fr',
      title: 'Bonjour',
      slug: 'bonjour',
      status: 'draft',
      version: 1,
      excerpt: 'Short',
      translation_group_id: post.translation_group_id,
      terms: { category: [news.id], tag: [tag.id] },
    });
    expect(french.id).not.toBe(post.id);
    expect(french.url).toMatch(/^\/fr\//);
    const members = await group(`/api/posts/${post.id}`);
    expect(members.map((member) => [member.id, member.locale])).toEqual([
      [post.id, 'en'],
      [french.id, 'fr'],
    ]);
    expect(await group(`/api/posts/${french.id}`)).toEqual(members);
    expect(
      (await a.call('editor', 'GET', '/api/posts?locale=fr')).json().data.map((e: { id: number }) => e.id),
    ).toEqual([french.id]);
    // The original is untouched.
    expect((await a.call('editor', 'GET', `/api/posts/${post.id}`)).json().data).toMatchObject({
      locale: 'en',
      status: 'published',
      version: 1,
    });

    const again = await a.call('editor', 'POST', `/api/posts/${post.id}/translations`, { locale: 'fr' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('translation_exists');
    // From the French member too, and into the group's own source locale.
    expect(
      (await a.call('editor', 'POST', `/api/posts/${french.id}/translations`, { locale: 'en' })).statusCode,
    ).toBe(409);
    const disabled = await a.call('editor', 'POST', `/api/posts/${post.id}/translations`, { locale: 'de' });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().errors.locale).toBeDefined();
    expect(await group(`/api/posts/${post.id}`)).toHaveLength(2);

    // Without a title, the translation keeps the original's, and its slug (slugs are per locale).
    const page = await created('editor', '/api/pages', { title: 'Contact' });
    const contact = await created('editor', `/api/pages/${page.id}/translations`, { locale: 'fr' });
    expect(contact).toMatchObject({ title: 'Contact', slug: 'contact', path: 'contact', locale: 'fr' });

    // Unlinking takes one member out; it stays as an entry of its own.
    expect((await a.call('editor', 'DELETE', `/api/posts/${french.id}/translations`)).statusCode).toBe(204);
    expect((await group(`/api/posts/${post.id}`)).map((member) => member.id)).toEqual([post.id]);
    const alone = (await a.call('editor', 'GET', `/api/posts/${french.id}`)).json().data;
    expect(alone.translation_group_id).not.toBe(post.translation_group_id);
    expect((await group(`/api/posts/${french.id}`)).map((member) => member.id)).toEqual([french.id]);
    // Now the group has no French member again.
    expect(
      (await a.call('editor', 'POST', `/api/posts/${post.id}/translations`, { locale: 'fr' })).statusCode,
    ).toBe(201);
  });

  it('copies blocks and fields, and is guarded like creation', async () => {
    const tree = [
      {
        id: 'hero',
        type: 'section',
        props: {},
        children: [{ id: 'title', type: 'heading', props: { text: 'Welcome', level: 1 } }],
      },
    ];
    const home = await created('editor', '/api/pages', { title: 'Home', blocks: tree });
    const accueil = await created('editor', `/api/pages/${home.id}/translations`, {
      locale: 'fr',
      title: 'Accueil',
    });
    expect(accueil.blocks).toEqual(home.blocks);
    expect(accueil.blocks[0].id).toBe('hero');

    // Contributors may not create pages, so not their translations either.
    expect(
      (await a.call('contributor', 'POST', `/api/pages/${home.id}/translations`, { locale: 'fr' }))
        .statusCode,
    ).toBe(403);
    const own = await created('contributor', '/api/posts', { title: 'Mine' });
    const ownFr = await created('contributor', `/api/posts/${own.id}/translations`, { locale: 'fr' });
    expect(ownFr.author_id).toBe(a.users.contributor.id);
    // Unlinking is an edit: not someone else's entry.
    const others = await created('editor', '/api/posts', { title: 'Theirs' });
    await created('editor', `/api/posts/${others.id}/translations`, { locale: 'fr' });
    expect((await a.call('contributor', 'DELETE', `/api/posts/${others.id}/translations`)).statusCode).toBe(
      403,
    );
    expect((await a.call('outsider', 'GET', `/api/posts/${others.id}/translations`)).statusCode).toBe(403);
    // Not in the trash, and not across types or sites.
    const gone = await created('editor', '/api/posts', { title: 'Gone' });
    await a.call('editor', 'DELETE', `/api/posts/${gone.id}`);
    expect(
      (await a.call('editor', 'POST', `/api/posts/${gone.id}/translations`, { locale: 'fr' })).statusCode,
    ).toBe(404);
    expect(
      (await a.call('editor', 'POST', `/api/pages/${others.id}/translations`, { locale: 'fr' })).statusCode,
    ).toBe(404);
    expect((await b.call('super_admin', 'GET', `/api/posts/${others.id}/translations`)).statusCode).toBe(404);
    expect(
      (await b.call('super_admin', 'POST', `/api/posts/${others.id}/translations`, { locale: 'fr' }))
        .statusCode,
    ).toBe(404);
    expect((await b.call('super_admin', 'DELETE', `/api/posts/${others.id}/translations`)).statusCode).toBe(
      404,
    );
  });

  it("places a page's translation under its parent's translation, when there is one", async () => {
    const parent = await created('editor', '/api/pages', { title: 'About' });
    const child = await created('editor', '/api/pages', { title: 'Team', parent_id: parent.id });
    const early = await created('editor', '/api/pages', { title: 'History', parent_id: parent.id });
    // The parent has no French version yet: the translation starts at the top.
    const histoire = await created('editor', `/api/pages/${early.id}/translations`, {
      locale: 'fr',
      title: 'Histoire',
    });
    expect(histoire).toMatchObject({ parent_id: null, path: 'histoire' });
    const parentFr = await created('editor', `/api/pages/${parent.id}/translations`, {
      locale: 'fr',
      title: 'A propos',
    });
    expect(parentFr).toMatchObject({ parent_id: null, path: 'a-propos' });
    const childFr = await created('editor', `/api/pages/${child.id}/translations`, {
      locale: 'fr',
      title: 'Equipe',
    });
    expect(childFr).toMatchObject({ parent_id: parentFr.id, path: 'a-propos/equipe' });
    expect(childFr.url).toBe('/fr/a-propos/equipe');
  });

  it('keeps shared fields equal across the group, as a change each member has to publish', async () => {
    const type = await a.call('admin', 'POST', '/api/content-types', {
      slug: 'product',
      singular_label: 'Product',
      plural_label: 'Products',
      fields: [
        { key: 'sku', label: 'SKU', type: 'text', localized: false },
        { key: 'blurb', label: 'Blurb', type: 'text' },
        { key: 'related', label: 'Related', type: 'relation', target_type: 'product', localized: false },
      ],
    });
    expect(type.statusCode, type.body).toBe(201);
    const shade = await created('admin', '/api/content/product', { title: 'Shade', fields: { sku: 'S-1' } });
    const lamp = await created('admin', '/api/content/product', {
      title: 'Lamp',
      fields: { sku: 'L-1', blurb: 'A lamp' },
    });
    const lampe = await created('admin', `/api/content/product/${lamp.id}/translations`, {
      locale: 'fr',
      title: 'Lampe',
    });
    expect(lampe.fields).toEqual({ sku: 'L-1', blurb: 'A lamp' });
    const published = await a.call('admin', 'POST', `/api/content/product/${lamp.id}/publish`);
    expect(published.json().data.has_unpublished_changes).toBe(false);

    const saved = await a.call('admin', 'PUT', `/api/content/product/${lampe.id}`, {
      version: lampe.version,
      fields: { sku: 'L-2', blurb: 'Une lampe', related: shade.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const english = (await a.call('admin', 'GET', `/api/content/product/${lamp.id}`)).json().data;
    expect(english.fields).toEqual({ sku: 'L-2', blurb: 'A lamp', related: shade.id });
    // The English working copy changed: a new version, not yet on the site.
    expect(english).toMatchObject({ version: 2, has_unpublished_changes: true });
    expect(english.transitions).toContain('publish');
    // The English member's own history tells where its new value came from, and who saved it.
    const history = (await a.call('admin', 'GET', `/api/content/product/${lamp.id}/revisions`)).json().data;
    expect(history[0]).toMatchObject({
      version: 2,
      author_id: a.users.admin.id,
      note: `Shared fields from translation ${lampe.id}`,
    });
    // Whoever still holds the old version is told to reload, not allowed to write the old value back.
    const stale = await a.call('admin', 'PUT', `/api/content/product/${lamp.id}`, {
      version: 1,
      fields: { sku: 'L-1', blurb: 'A lamp' },
    });
    expect(stale.statusCode).toBe(409);
    const shadeRefs = (await a.call('admin', 'GET', `/api/content/product/${shade.id}/referenced-by`)).json();
    expect(shadeRefs.data.map((ref: { id: number }) => ref.id).sort()).toEqual([lamp.id, lampe.id].sort());

    // A deleted target leaves every member, as the relation rows follow the shared value.
    expect(
      (await a.call('admin', 'DELETE', `/api/content/product/${shade.id}?permanent=true`)).statusCode,
    ).toBe(204);
    for (const id of [lamp.id, lampe.id])
      expect(
        (await a.call('admin', 'GET', `/api/content/product/${id}`)).json().data.fields.related,
      ).toBeNull();

    // Out of the group, a member's shared fields are its own again.
    await a.call('admin', 'DELETE', `/api/content/product/${lampe.id}/translations`);
    const current = (await a.call('admin', 'GET', `/api/content/product/${lampe.id}`)).json().data;
    await a.call('admin', 'PUT', `/api/content/product/${lampe.id}`, {
      version: current.version,
      fields: { sku: 'L-3', blurb: 'Une lampe' },
    });
    expect((await a.call('admin', 'GET', `/api/content/product/${lamp.id}`)).json().data.fields.sku).toBe(
      'L-2',
    );
  });
});
