import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { up as authorsWithoutPages } from '../../identity/migrations/0031_authors_without_pages.js';

/** What an Author and a Contributor see, as in WordPress: their own work, others' once published, no pages. */
let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'authors-view.test');
});
afterAll(() => t.close());

describe(`what an Author sees (${testEngine})`, () => {
  it("lists their own entries and others' published ones, never others' drafts", async () => {
    const draft = (await a.call('editor', 'POST', '/api/posts', { title: 'Editor draft' })).json().data;
    const live = (await a.call('editor', 'POST', '/api/posts', { title: 'Editor live' })).json().data;
    expect((await a.call('editor', 'POST', `/api/posts/${live.id}/publish`)).statusCode).toBe(200);
    const own = (await a.call('author', 'POST', '/api/posts', { title: 'Author draft' })).json().data;

    for (const caller of ['author', 'contributor'] as const) {
      const listed = await a.call(caller, 'GET', '/api/posts?limit=100');
      expect(listed.statusCode).toBe(200);
      const titles = listed.json().data.map((entry: { title: string }) => entry.title);
      expect(titles).toContain('Editor live');
      expect(titles).not.toContain('Editor draft');
      expect(listed.json().meta.total).toBe(titles.length);
      const refused = await a.call(caller, 'GET', `/api/posts/${draft.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('permission_denied');
      expect((await a.call(caller, 'GET', `/api/posts/${live.id}`)).statusCode).toBe(200);
    }
    const mine = await a.call('author', 'GET', '/api/posts?limit=100');
    expect(mine.json().data.map((entry: { title: string }) => entry.title)).toContain('Author draft');
    expect((await a.call('author', 'GET', `/api/posts/${own.id}`)).statusCode).toBe(200);
    // Those who may edit or review others' entries see every draft.
    const byEditor = await a.call('editor', 'GET', '/api/posts?limit=100');
    expect(byEditor.json().data.map((entry: { title: string }) => entry.title)).toContain('Author draft');
  });

  it("names each entry's author, which an Author may read without the user list", async () => {
    const live = (await a.call('editor', 'POST', '/api/posts', { title: 'Signed' })).json().data;
    await a.call('editor', 'POST', `/api/posts/${live.id}/publish`);
    expect((await a.call('author', 'GET', '/api/users')).statusCode).toBe(403);
    const seen = (await a.call('author', 'GET', `/api/posts/${live.id}`)).json().data;
    const editor = (await a.call('admin', 'GET', `/api/users/${a.users.editor.id}`)).json().data;
    expect(seen.author_name).toBe(editor.display_name);
  });

  it('sees no pages: the default Author and Contributor roles hold no pages permission', async () => {
    for (const caller of ['author', 'contributor'] as const) {
      expect((await a.call(caller, 'GET', '/api/pages')).statusCode).toBe(403);
      const me = (await a.call(caller, 'GET', '/api/me')).json().data;
      expect(me.permissions.filter((id: string) => id.startsWith('pages.'))).toEqual([]);
    }
    expect((await a.call('editor', 'GET', '/api/pages')).statusCode).toBe(200);
  });

  it("takes pages.view from sites' untouched default Author roles, and keeps a role given more pages", async () => {
    const site = t.runtime.data.site(a.siteId);
    const roleOf = async (slug: string) =>
      (await site.selectFrom('roles').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const author = await roleOf('author');
    const contributor = await roleOf('contributor');
    // As a site made before: pages.view on both, and pages.edit given to the Contributor by hand.
    for (const [role, permission] of [
      [author, 'pages.view'],
      [contributor, 'pages.view'],
      [contributor, 'pages.edit'],
    ] as const)
      await site.insertInto('role_permissions', { role_id: role, permission }).execute();
    await authorsWithoutPages(t.runtime.data.global as never);
    const held = async (role: number) =>
      (await site.selectFrom('role_permissions').select('permission').where('role_id', '=', role).execute())
        .map((row) => row.permission)
        .filter((id) => id.startsWith('pages.'))
        .sort();
    expect(await held(author)).toEqual([]);
    expect(await held(contributor)).toEqual(['pages.edit', 'pages.view']);
  });
});
