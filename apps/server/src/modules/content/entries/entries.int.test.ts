import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { activityOf } from '../../../../test/identity-fixtures.js';
import { ValidationFailed } from '../../../core/errors.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});
afterAll(() => t.close());

async function createPage(site: ContentSite, payload: Record<string, unknown>) {
  const res = await site.call('editor', 'POST', '/api/pages', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe(`pages (${testEngine})`, () => {
  it('creates a draft page with a slug from the title, unique among siblings', async () => {
    const first = await createPage(a, { title: 'Crème Brûlée & Co' });
    expect(first).toMatchObject({
      type: 'page',
      slug: 'creme-brulee-and-co',
      path: 'creme-brulee-and-co',
      url: '/creme-brulee-and-co',
      status: 'draft',
      locale: 'en',
      version: 1,
      author_id: a.users.editor.id,
      lock: null,
    });
    expect(first.transitions).toEqual(expect.arrayContaining(['submit', 'publish', 'schedule']));
    const second = await createPage(a, { title: 'Crème brûlée & co' });
    expect(second.slug).toBe('creme-brulee-and-co-2');
    // The same slug on another site is that site's business.
    expect((await createPage(b, { title: 'Crème brûlée & co' })).slug).toBe('creme-brulee-and-co');
  });

  it('refuses a hand-set slug that a sibling has, and a malformed one', async () => {
    await createPage(a, { title: 'Contact', slug: 'contact' });
    const taken = await a.call('editor', 'POST', '/api/pages', { title: 'Other', slug: 'contact' });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['slug']);
    const malformed = await a.call('editor', 'POST', '/api/pages', { title: 'Other', slug: 'Not A Slug' });
    expect(malformed.statusCode).toBe(422);
  });

  it('keeps the site’s own addresses (account, search, feeds...) free of top-level entries', async () => {
    for (const slug of ['account', 'search', 'feed', 'en']) {
      const refused = await a.call('editor', 'POST', '/api/pages', { title: 'Mine', slug });
      expect(refused.statusCode, slug).toBe(422);
      expect(refused.json().errors.slug).toEqual([
        `/${slug} is one of the site's own addresses; choose another slug.`,
      ]);
    }
    // A title that would make one gets the next free slug; under a parent the name is free.
    const search = await createPage(a, { title: 'Search' });
    expect(search.slug).toBe('search-2');
    const child = await createPage(a, { title: 'Account', slug: 'account', parent_id: search.id });
    expect(child.path).toBe('search-2/account');
  });

  it('builds paths from the ancestors, moves the subtree with its parent, and refuses cycles', async () => {
    const about = await createPage(a, { title: 'About' });
    const team = await createPage(a, { title: 'Team', parent_id: about.id });
    const berlin = await createPage(a, { title: 'Berlin', parent_id: team.id });
    expect(berlin.path).toBe('about/team/berlin');
    expect(berlin.url).toBe('/about/team/berlin');

    const cycle = await a.call('editor', 'PUT', `/api/pages/${about.id}`, {
      version: about.version,
      parent_id: berlin.id,
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_id).toHaveLength(1);
    const self = await a.call('editor', 'PUT', `/api/pages/${about.id}`, {
      version: about.version,
      parent_id: about.id,
    });
    expect(self.statusCode).toBe(422);

    const renamed = await a.call('editor', 'PUT', `/api/pages/${about.id}`, {
      version: about.version,
      slug: 'company',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = (await a.call('editor', 'GET', `/api/pages/${berlin.id}`)).json().data;
    expect(moved.path).toBe('company/team/berlin');
  });

  it('refuses a parent of another site, of another type or that does not exist', async () => {
    const foreign = await createPage(b, { title: 'Foreign' });
    const res = await a.call('editor', 'POST', '/api/pages', { title: 'Child', parent_id: foreign.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.parent_id).toBeDefined();
    const post = (await a.call('editor', 'POST', '/api/posts', { title: 'A post' })).json().data;
    const typeMismatch = await a.call('editor', 'POST', '/api/pages', { title: 'Child', parent_id: post.id });
    expect(typeMismatch.statusCode).toBe(422);
  });

  it('answers 404 for an entry of another site or another type, in every path', async () => {
    const foreign = await createPage(b, { title: 'Elsewhere' });
    for (const [method, url, payload] of [
      ['GET', `/api/pages/${foreign.id}`],
      ['PUT', `/api/pages/${foreign.id}`, { version: 1, title: 'Mine now' }],
      ['DELETE', `/api/pages/${foreign.id}`],
      ['POST', `/api/pages/${foreign.id}/restore`],
      ['GET', `/api/posts/${foreign.id}`],
      ['GET', `/api/content/page/${foreign.id}`],
    ] as const) {
      const res = await a.call('admin', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const untouched = (await b.call('editor', 'GET', `/api/pages/${foreign.id}`)).json().data;
    expect(untouched.title).toBe('Elsewhere');
  });

  it('saves only from the current version: a stale one gives 409 and changes nothing', async () => {
    const page = await createPage(a, { title: 'Versioned' });
    const first = await a.call('editor', 'PUT', `/api/pages/${page.id}`, {
      version: 1,
      title: 'Versioned 2',
    });
    expect(first.json().data.version).toBe(2);
    const stale = await a.call('admin', 'PUT', `/api/pages/${page.id}`, { version: 1, title: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect((await a.call('editor', 'GET', `/api/pages/${page.id}`)).json().data.title).toBe('Versioned 2');
    const missing = await a.call('editor', 'PUT', `/api/pages/${page.id}`, { title: 'No version' });
    expect(missing.statusCode).toBe(422);
  });

  it('lists with filters, sorting and the meta of spec 2.4', async () => {
    const parent = await createPage(a, { title: 'Listing parent' });
    for (const title of ['Zeta', 'Alpha', 'Mu']) await createPage(a, { title, parent_id: parent.id });
    const res = await a.call('editor', 'GET', `/api/pages?parent=${parent.id}&sort=title&order=asc&limit=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((entry: { title: string }) => entry.title)).toEqual(['Alpha', 'Mu']);
    expect(body.meta).toEqual({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    const text = (await a.call('editor', 'GET', '/api/pages?q=zet')).json();
    expect(text.data.map((entry: { title: string }) => entry.title)).toEqual(['Zeta']);
    const percent = (await a.call('editor', 'GET', `/api/pages?q=${encodeURIComponent('%')}`)).json();
    expect(percent.meta.total).toBe(0);
    expect((await a.call('editor', 'GET', '/api/pages?limit=101')).statusCode).toBe(422);
    expect((await a.call('editor', 'GET', '/api/pages?status=deleted')).statusCode).toBe(422);
  });

  it('moves to the trash, restores, and deletes for good with children moving up', async () => {
    const parent = await createPage(a, { title: 'Trash parent' });
    const child = await createPage(a, { title: 'Trash child', parent_id: parent.id });
    expect((await a.call('editor', 'DELETE', `/api/pages/${parent.id}`)).statusCode).toBe(204);
    expect(
      (await a.call('editor', 'PUT', `/api/pages/${parent.id}`, { version: 1, title: 'x' })).statusCode,
    ).toBe(404);
    const trashed = (await a.call('editor', 'GET', '/api/pages?status=trash')).json().data;
    expect(trashed.map((entry: { id: number }) => entry.id)).toContain(parent.id);
    const restored = await a.call('editor', 'POST', `/api/pages/${parent.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ status: 'draft', deleted_at: null });
    expect((await a.call('editor', 'DELETE', `/api/pages/${parent.id}?permanent=true`)).statusCode).toBe(204);
    expect((await a.call('editor', 'GET', `/api/pages/${parent.id}`)).statusCode).toBe(404);
    const orphan = (await a.call('editor', 'GET', `/api/pages/${child.id}`)).json().data;
    expect(orphan).toMatchObject({ parent_id: null, path: 'trash-child' });
    const actions = (await activityOf(t.runtime, a.siteId)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['page.created', 'page.trashed', 'page.restored', 'page.deleted']),
    );
  });
});

describe(`permissions on entries (${testEngine})`, () => {
  it('follows the roles: contributors write posts but not pages, authors edit only their own', async () => {
    expect((await a.call('contributor', 'POST', '/api/pages', { title: 'Nope' })).statusCode).toBe(403);
    const mine = await a.call('author', 'POST', '/api/posts', { title: 'By the author' });
    expect(mine.statusCode).toBe(201);
    const theirs = await a.call('editor', 'POST', '/api/posts', { title: 'By the editor' });
    const edit = await a.call('author', 'PUT', `/api/posts/${theirs.json().data.id}`, {
      version: 1,
      title: 'Taken over',
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toContain('posts.edit_others');
    const own = await a.call('author', 'PUT', `/api/posts/${mine.json().data.id}`, {
      version: 1,
      title: 'Better title',
    });
    expect(own.statusCode).toBe(200);
    expect((await a.call('anonymous', 'GET', '/api/posts')).statusCode).toBe(401);
    expect((await a.call('outsider', 'GET', '/api/posts')).statusCode).toBe(403);
  });

  it('gives a post to someone else only with edit_others, and only to a member of the site', async () => {
    const res = await a.call('author', 'POST', '/api/posts', { title: 'Gift', author_id: a.users.editor.id });
    expect(res.statusCode).toBe(403);
    const outsider = await a.call('editor', 'POST', '/api/posts', {
      title: 'Gift',
      author_id: b.users.editor.id,
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors.author_id).toBeDefined();
    const given = await a.call('editor', 'POST', '/api/posts', {
      title: 'Gift',
      author_id: a.users.author.id,
    });
    expect(given.json().data.author_id).toBe(a.users.author.id);
  });
});

describe(`posts and taxonomies (${testEngine})`, () => {
  it('falls back to the default category and refuses terms of another taxonomy or site', async () => {
    const post = (await a.call('editor', 'POST', '/api/posts', { title: 'Filed' })).json().data;
    expect(post.terms.category).toHaveLength(1);
    expect(post.url).toMatch(/^\/\d{4}\/\d{2}\/filed$/);
    const foreignTerm = (await b.call('editor', 'POST', '/api/posts', { title: 'B' })).json().data.terms
      .category[0];
    const res = await a.call('editor', 'POST', '/api/posts', {
      title: 'Bad terms',
      terms: { category: [foreignTerm] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['terms.category']).toBeDefined();
    const pageTerms = await a.call('editor', 'POST', '/api/pages', { title: 'P', terms: { tag: [1] } });
    expect(pageTerms.statusCode).toBe(422);
  });

  it('refuses blocks on a type that does not use the builder', async () => {
    const res = await a.call('editor', 'POST', '/api/posts', {
      title: 'Blocks',
      blocks: [{ type: 'heading' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.blocks).toBeDefined();
  });
});

describe(`hooks on saves (${testEngine})`, () => {
  it('runs <type>.before_save in the transaction (a refusal writes nothing) and the title filter', async () => {
    const off1 = t.runtime.hooks.addAction(
      'page.before_save',
      (_ctx, page) => {
        if (page.title.includes('forbidden')) throw new ValidationFailed({ title: ['No forbidden titles.'] });
        if (page.title.includes('plain')) throw new Error('a plain failure');
      },
      { owner: 'test' },
    );
    const off2 = t.runtime.hooks.addFilter('page.title', (title) => title.replace(/teh/g, 'the'), {
      owner: 'test',
    });
    try {
      const before = (await a.call('editor', 'GET', '/api/pages?limit=1')).json().meta.total;
      const refused = await a.call('editor', 'POST', '/api/pages', { title: 'A forbidden page' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.title).toEqual(['No forbidden titles.']);
      const plain = await a.call('editor', 'POST', '/api/pages', { title: 'A plain page' });
      expect(plain.statusCode).toBe(409);
      expect((await a.call('editor', 'GET', '/api/pages?limit=1')).json().meta.total).toBe(before);
      const filtered = await a.call('editor', 'POST', '/api/pages', { title: 'teh page' });
      expect(filtered.json().data.title).toBe('the page');
    } finally {
      off1();
      off2();
    }
  });
});
