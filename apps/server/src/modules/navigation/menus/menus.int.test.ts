import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});

afterAll(async () => {
  await t.close();
});

const visit = (site: ContentSite, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host } });

async function page(site: ContentSite, title: string, extra: Record<string, unknown> = {}) {
  const created = await site.call('editor', 'POST', '/api/pages', { title, ...extra });
  expect(created.statusCode, created.body).toBe(201);
  const published = await site.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { id: number; slug: string; version: number };
}

describe('menus', () => {
  it('are kept by those who manage menus, in the locations the theme defines', async () => {
    expect((await a.call('author', 'GET', '/api/menus')).statusCode).toBe(403);
    const wrong = await a.call('admin', 'POST', '/api/menus', { name: 'Main', location: 'sidebar' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.location).toEqual(['The theme default has the locations primary, footer.']);
    const created = await a.call('admin', 'POST', '/api/menus', { name: 'Main', location: 'primary' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Main', location: 'primary', items: [] });
    // Another site sees none of it.
    expect((await b.call('admin', 'GET', '/api/menus')).json().data).toEqual([]);
    expect((await b.call('admin', 'GET', `/api/menus/${created.json().data.id}`)).statusCode).toBe(404);
  });

  it('link entries, terms and addresses, nested; the site shows them, and follows an entry that moves', async () => {
    const about = await page(a, 'About us');
    const team = await page(a, 'Team');
    const draft = await a.call('editor', 'POST', '/api/pages', { title: 'Not yet' });
    const news = await a.call('admin', 'POST', '/api/taxonomies/category/terms', { name: 'News' });
    const menu = (await a.call('admin', 'GET', '/api/menus')).json().data[0];
    const add = (body: Record<string, unknown>) =>
      a.call('admin', 'POST', `/api/menus/${menu.id}/items`, body);

    let res = await add({ kind: 'entry', entry_id: about.id });
    expect(res.statusCode, res.body).toBe(201);
    const aboutItem = res.json().data.items[0];
    expect(aboutItem).toMatchObject({ kind: 'entry', entry_id: about.id, label: '', position: 0 });
    // The entry's type is named, so a client asks GET /api/content/page/{id} and no other type.
    expect(aboutItem.entry_type).toBe('page');
    const post = await a.call('editor', 'POST', '/api/posts', { title: 'A post in the menu' });
    const postItem = (await add({ kind: 'entry', entry_id: post.json().data.id })).json().data.items.at(-1);
    expect(postItem).toMatchObject({ entry_id: post.json().data.id, entry_type: 'post' });
    await a.call('admin', 'DELETE', `/api/menus/${menu.id}/items/${postItem.id}`);
    expect(
      (await add({ kind: 'entry', entry_id: team.id, parent_id: aboutItem.id, label: 'Our team' }))
        .statusCode,
    ).toBe(201);
    expect((await add({ kind: 'term', term_id: news.json().data.id })).statusCode).toBe(201);
    expect(
      (
        await add({
          kind: 'custom',
          url: 'https://shop.example',
          label: 'Shop',
          target: '_blank',
          rel: 'nofollow',
        })
      ).statusCode,
    ).toBe(201);
    expect((await add({ kind: 'entry', entry_id: draft.json().data.id })).statusCode).toBe(201);

    // Faults, per field.
    res = await add({ kind: 'custom', url: 'javascript:alert(1)', label: '' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['label', 'url']);
    const foreign = await page(b, 'Elsewhere');
    expect((await add({ kind: 'entry', entry_id: foreign.id })).json().errors.entry_id).toBeDefined();
    expect(
      (await add({ kind: 'custom', url: '/x', label: 'X', parent_id: 999_999 })).json().errors.parent_id,
    ).toBeDefined();
    expect(
      (await add({ kind: 'custom', url: '/x', label: 'X', css_class: 'a"b' })).json().errors.css_class,
    ).toBeDefined();

    const tree = (await a.call('admin', 'GET', `/api/menus/${menu.id}/items`)).json().data;
    expect(tree.map((item: { kind: string }) => item.kind)).toEqual(['entry', 'term', 'custom', 'entry']);
    expect(tree[0].children).toMatchObject([{ entry_id: team.id, label: 'Our team' }]);

    const home = (await visit(a, '/')).body;
    expect(home).toContain(
      '<nav class="tb-menu tb-menu--horizontal tb-menu--primary" aria-label="Main menu">',
    );
    expect(home).toContain('<a href="/about-us">About us</a><details class="tb-menu__more">');
    expect(home).toContain('<a href="/team">Our team</a>');
    expect(home).toContain('<a href="/category/news">News</a>');
    expect(home).toContain('<a href="https://shop.example" target="_blank" rel="nofollow noopener">Shop</a>');
    // A draft is not linked until it is published.
    expect(home).not.toContain('Not yet');
    const aboutPage = (await visit(a, '/about-us')).body;
    expect(aboutPage).toContain('<a href="/about-us" aria-current="page">About us</a>');

    // The entry moves: the link follows, in pages rendered before as well.
    const current = (await a.call('editor', 'GET', `/api/pages/${about.id}`)).json().data;
    const moved = await a.call('editor', 'PUT', `/api/pages/${about.id}`, {
      slug: 'who-we-are',
      version: current.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await a.call('editor', 'POST', `/api/pages/${about.id}/publish`, {})).statusCode).toBe(200);
    const after = (await visit(a, '/')).body;
    expect(after).toContain('<a href="/who-we-are">About us</a>');
  });

  it('reorder and re-parent in one call, refuse loops, and drop a branch with its item', async () => {
    const menu = (await a.call('admin', 'GET', '/api/menus')).json().data[0];
    const [about, news, shop, draft] = menu.items;
    const team = about.children[0];
    const arrange = (items: unknown[]) => a.call('admin', 'PUT', `/api/menus/${menu.id}/items`, { items });
    const loop = await arrange([
      { id: about.id, parent_id: team.id, position: 0 },
      { id: team.id, parent_id: about.id, position: 0 },
      { id: news.id, parent_id: null, position: 0 },
      { id: shop.id, parent_id: null, position: 1 },
      { id: draft.id, parent_id: null, position: 2 },
    ]);
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors['items.0.parent_id']).toEqual([
      'An item cannot be placed under itself or its own sub-items.',
    ]);
    expect(
      (await arrange([{ id: about.id, parent_id: null, position: 0 }])).json().errors.items,
    ).toBeDefined();

    const moved = await arrange([
      { id: shop.id, parent_id: null, position: 0 },
      { id: about.id, parent_id: null, position: 1 },
      { id: news.id, parent_id: about.id, position: 1 },
      { id: team.id, parent_id: about.id, position: 0 },
      { id: draft.id, parent_id: news.id, position: 0 },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    const tree = moved.json().data.items;
    expect(tree.map((item: { id: number }) => item.id)).toEqual([shop.id, about.id]);
    expect(tree[1].children.map((item: { id: number }) => item.id)).toEqual([team.id, news.id]);
    expect(tree[1].children[1].children[0].id).toBe(draft.id);

    expect((await a.call('admin', 'DELETE', `/api/menus/${menu.id}/items/${about.id}`)).statusCode).toBe(204);
    const left = (await a.call('admin', 'GET', `/api/menus/${menu.id}`)).json().data.items;
    expect(left.map((item: { id: number }) => item.id)).toEqual([shop.id]);
    expect((await visit(a, '/')).body).not.toContain('Our team');
  });

  it('give a location to one menu at a time, and leave the site without a menu when deleted', async () => {
    const first = (await a.call('admin', 'GET', '/api/menus')).json().data[0];
    const second = await a.call('admin', 'POST', '/api/menus', { name: 'New main', location: 'primary' });
    expect(second.statusCode).toBe(201);
    expect((await a.call('admin', 'GET', `/api/menus/${first.id}`)).json().data.location).toBeNull();
    expect(
      (await a.call('admin', 'PUT', `/api/menus/${first.id}`, { location: 'footer' })).json().data.location,
    ).toBe('footer');
    const home = (await visit(a, '/')).body;
    expect(home).toContain('aria-label="Footer menu"');
    expect((await a.call('admin', 'DELETE', `/api/menus/${first.id}`)).statusCode).toBe(204);
    expect((await visit(a, '/')).body).not.toContain('aria-label="Footer menu"');
  });
});
