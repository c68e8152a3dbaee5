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
});
afterAll(() => t.close());

const terms = '/api/taxonomies/category/terms';

interface TermView {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  count: number;
}

async function term(site: ContentSite, taxonomy: string, body: Record<string, unknown>): Promise<TermView> {
  const res = await site.call('editor', 'POST', `/api/taxonomies/${taxonomy}/terms`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function termsOf(site: ContentSite, taxonomy = 'category'): Promise<TermView[]> {
  const res = await site.call('editor', 'GET', `/api/taxonomies/${taxonomy}/terms`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function countOf(site: ContentSite, id: number): Promise<number | undefined> {
  return (await termsOf(site)).find((row) => row.id === id)?.count;
}

async function post(site: ContentSite, body: Record<string, unknown>, caller: Caller = 'editor') {
  const res = await site.call(caller, 'POST', '/api/posts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe(`taxonomies and terms (${testEngine})`, () => {
  it('lists category and tag, both attached to posts', async () => {
    const res = await a.call('author', 'GET', '/api/taxonomies');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data;
    expect(list.map((taxonomy: { slug: string }) => taxonomy.slug)).toEqual(['category', 'tag']);
    expect(list[0]).toMatchObject({ hierarchical: true, builtin: true, content_types: ['post'] });
    expect(list[1]).toMatchObject({ hierarchical: false, builtin: true, content_types: ['post'] });
    expect((await a.call('anonymous', 'GET', '/api/taxonomies')).statusCode).toBe(401);
    // Every site starts with the default category.
    expect((await termsOf(a)).map((row) => row.slug)).toEqual(['uncategorized']);
  });

  it('makes unique slugs, nests only in hierarchical taxonomies, and refuses cycles', async () => {
    const news = await term(a, 'category', { name: 'News' });
    expect(news).toMatchObject({ slug: 'news', parent_id: null, count: 0, taxonomy: 'category' });
    expect((await term(a, 'category', { name: 'News!' })).slug).toBe('news-2');
    expect((await term(a, 'category', { name: 'news' })).slug).toBe('news-3');
    const taken = await a.call('editor', 'POST', terms, { name: 'Other', slug: 'news' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toBeDefined();
    // The same slug in another taxonomy is free.
    expect((await term(a, 'tag', { name: 'News' })).slug).toBe('news');

    const local = await term(a, 'category', { name: 'Local', parent_id: news.id });
    const street = await term(a, 'category', { name: 'Street', parent_id: local.id });
    expect(street.parent_id).toBe(local.id);
    for (const parent of [street.id, news.id]) {
      const cycle = await a.call('editor', 'PUT', `${terms}/${news.id}`, { parent_id: parent });
      expect(cycle.statusCode, cycle.body).toBe(422);
      expect(cycle.json().errors.parent_id).toBeDefined();
    }
    const renamed = await a.call('editor', 'PUT', `${terms}/${local.id}`, { slug: 'news-2' });
    expect(renamed.statusCode).toBe(422);
    const moved = await a.call('editor', 'PUT', `${terms}/${street.id}`, { parent_id: null, name: 'Road' });
    expect(moved.json().data).toMatchObject({ parent_id: null, name: 'Road', slug: 'street' });

    const flat = await term(a, 'tag', { name: 'Flat' });
    const child = await a.call('editor', 'POST', '/api/taxonomies/tag/terms', {
      name: 'Child',
      parent_id: flat.id,
    });
    expect(child.statusCode).toBe(422);
    expect(child.json().errors.parent_id).toBeDefined();
    // A parent from another taxonomy is not a parent here.
    const mixed = await a.call('editor', 'POST', terms, { name: 'Mixed', parent_id: flat.id });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.parent_id).toBeDefined();
    expect((await a.call('editor', 'GET', `${terms}/${flat.id}`)).statusCode).toBe(404);

    expect((await a.call('author', 'POST', terms, { name: 'Not mine' })).statusCode).toBe(403);
    expect((await a.call('author', 'PUT', `${terms}/${news.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await a.call('author', 'DELETE', `${terms}/${news.id}`)).statusCode).toBe(403);
    // The top level, and a search by name.
    const top = (await a.call('author', 'GET', `${terms}?parent=0`)).json().data;
    expect(top.map((row: TermView) => row.slug)).not.toContain('local');
    const found = (await a.call('author', 'GET', `${terms}?q=LOC`)).json().data;
    expect(found.map((row: TermView) => row.id)).toEqual([local.id]);
  });

  it('counts published entries only', async () => {
    const counted = await term(a, 'category', { name: 'Counted' });
    const tag = await term(a, 'tag', { name: 'Counted tag' });
    const first = await post(a, { title: 'First', terms: { category: [counted.id], tag: [tag.id] } });
    const second = await post(a, { title: 'Second', terms: { category: [counted.id] } });
    expect(await countOf(a, counted.id)).toBe(0);
    expect((await a.call('editor', 'POST', `/api/posts/${first.id}/publish`)).statusCode).toBe(200);
    expect(await countOf(a, counted.id)).toBe(1);
    expect((await termsOf(a, 'tag')).find((row) => row.id === tag.id)?.count).toBe(1);
    await a.call('editor', 'POST', `/api/posts/${second.id}/publish`);
    expect(await countOf(a, counted.id)).toBe(2);
    expect((await a.call('editor', 'GET', `${terms}/${counted.id}`)).json().data.count).toBe(2);
    // Unpublished or trashed, a post no longer counts.
    await a.call('editor', 'POST', `/api/posts/${second.id}/unpublish`);
    expect(await countOf(a, counted.id)).toBe(1);
    await a.call('editor', 'DELETE', `/api/posts/${first.id}`);
    expect(await countOf(a, counted.id)).toBe(0);
  });

  it('deletes a term: children move up, posts lose it, a post left without a category gets the default', async () => {
    const parent = await term(a, 'category', { name: 'Parent' });
    const child = await term(a, 'category', { name: 'Child', parent_id: parent.id });
    const grandchild = await term(a, 'category', { name: 'Grandchild', parent_id: child.id });
    const sibling = await term(a, 'category', { name: 'Sibling', parent_id: child.id });
    const other = await term(a, 'category', { name: 'Other' });
    const only = await post(a, { title: 'Only child', terms: { category: [child.id] } });
    const both = await post(a, { title: 'Child and other', terms: { category: [child.id, other.id] } });
    await a.call('editor', 'POST', `/api/posts/${only.id}/publish`);

    expect((await a.call('editor', 'DELETE', `${terms}/${child.id}`)).statusCode).toBe(204);
    expect((await a.call('editor', 'GET', `${terms}/${child.id}`)).statusCode).toBe(404);
    for (const moved of [grandchild, sibling])
      expect((await a.call('editor', 'GET', `${terms}/${moved.id}`)).json().data.parent_id).toBe(parent.id);
    const uncategorized = (await termsOf(a)).find((row) => row.slug === 'uncategorized') as TermView;
    expect((await a.call('editor', 'GET', `/api/posts/${only.id}`)).json().data.terms.category).toEqual([
      uncategorized.id,
    ]);
    expect((await a.call('editor', 'GET', `/api/posts/${both.id}`)).json().data.terms.category).toEqual([
      other.id,
    ]);
    expect(await countOf(a, uncategorized.id)).toBe(1);

    // The default category stays: it cannot be deleted, nor renamed out of its role.
    const kept = await a.call('editor', 'DELETE', `${terms}/${uncategorized.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().code).toBe('default_category');
    const renamed = await a.call('editor', 'PUT', `${terms}/${uncategorized.id}`, { slug: 'misc' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.slug).toBeDefined();
    expect((await a.call('editor', 'DELETE', `${terms}/${uncategorized.id}`)).statusCode).toBe(409);
    const relabelled = await a.call('editor', 'PUT', `${terms}/${uncategorized.id}`, { name: 'Misc' });
    expect(relabelled.json().data).toMatchObject({ name: 'Misc', slug: 'uncategorized' });
    expect((await post(a, { title: 'No category' })).terms.category).toEqual([uncategorized.id]);
  });

  it('creates custom taxonomies (taxonomies.manage), attaches them through the type, and guards deletion', async () => {
    const genre = {
      slug: 'genre',
      singular_label: 'Genre',
      plural_label: 'Genres',
      hierarchical: false,
    };
    expect((await a.call('author', 'POST', '/api/taxonomies', genre)).statusCode).toBe(403);
    // Editors hold taxonomies.manage by default.
    const created = await a.call('editor', 'POST', '/api/taxonomies', genre);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ slug: 'genre', builtin: false, content_types: [] });
    const twice = await a.call('admin', 'POST', '/api/taxonomies', genre);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('taxonomy_exists');
    expect(
      (await a.call('admin', 'POST', '/api/taxonomies', { ...genre, slug: 'category' })).statusCode,
    ).toBe(409);

    const type = await a.call('admin', 'POST', '/api/content-types', {
      slug: 'book',
      singular_label: 'Book',
      plural_label: 'Books',
    });
    expect(type.statusCode, type.body).toBe(201);
    const jazz = await term(a, 'genre', { name: 'Jazz' });
    const unattached = await a.call('admin', 'POST', '/api/content/book', {
      title: 'Too early',
      terms: { genre: [jazz.id] },
    });
    expect(unattached.statusCode).toBe(422);
    const attached = await a.call('admin', 'PUT', '/api/content-types/book', { taxonomies: ['genre'] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.taxonomies).toEqual(['genre']);
    expect((await a.call('admin', 'GET', '/api/taxonomies/genre')).json().data.content_types).toEqual([
      'book',
    ]);
    const book = await a.call('admin', 'POST', '/api/content/book', {
      title: 'Kind of Blue',
      terms: { genre: [jazz.id] },
    });
    expect(book.statusCode, book.body).toBe(201);
    expect(book.json().data.terms).toEqual({ genre: [jazz.id] });
    await a.call('admin', 'POST', `/api/content/book/${book.json().data.id}/publish`);
    expect((await termsOf(a, 'genre')).find((row) => row.id === jazz.id)?.count).toBe(1);
    // A flat taxonomy may become hierarchical, and back while no term has a parent.
    const nested = await a.call('editor', 'PUT', '/api/taxonomies/genre', { hierarchical: true });
    expect(nested.json().data.hierarchical).toBe(true);
    const bebop = await term(a, 'genre', { name: 'Bebop', parent_id: jazz.id });
    expect((await a.call('editor', 'PUT', '/api/taxonomies/genre', { hierarchical: false })).statusCode).toBe(
      409,
    );
    await a.call('editor', 'PUT', `/api/taxonomies/genre/terms/${bebop.id}`, { parent_id: null });
    expect((await a.call('editor', 'PUT', '/api/taxonomies/genre', { hierarchical: false })).statusCode).toBe(
      200,
    );
    expect((await a.call('editor', 'PUT', '/api/taxonomies/tag', { hierarchical: true })).statusCode).toBe(
      422,
    );

    const inUse = await a.call('admin', 'DELETE', '/api/taxonomies/genre');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('taxonomy_in_use');
    for (const builtin of ['tag', 'category']) {
      const refused = await a.call('admin', 'DELETE', `/api/taxonomies/${builtin}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('builtin_taxonomy');
    }
    expect((await a.call('author', 'DELETE', '/api/taxonomies/genre')).statusCode).toBe(403);
    expect(
      (await a.call('admin', 'PUT', '/api/content-types/book', { taxonomies: [] })).json().data.taxonomies,
    ).toEqual([]);
    expect((await a.call('editor', 'DELETE', '/api/taxonomies/genre')).statusCode).toBe(204);
    expect((await a.call('editor', 'GET', '/api/taxonomies/genre')).statusCode).toBe(404);
    expect((await a.call('editor', 'GET', '/api/taxonomies/genre/terms')).statusCode).toBe(404);
  });

  it('answers 404 for a term or taxonomy of another site, in every path', async () => {
    const foreign = await term(b, 'category', { name: 'Foreign' });
    const path = `${terms}/${foreign.id}`;
    expect((await a.call('admin', 'GET', path)).statusCode).toBe(404);
    expect((await a.call('admin', 'PUT', path, { name: 'Mine' })).statusCode).toBe(404);
    expect((await a.call('admin', 'DELETE', path)).statusCode).toBe(404);
    expect((await a.call('super_admin', 'DELETE', path)).statusCode).toBe(404);
    const under = await a.call('admin', 'POST', terms, { name: 'Under foreign', parent_id: foreign.id });
    expect(under.statusCode).toBe(422);
    const own = await term(a, 'category', { name: 'Own' });
    expect((await a.call('admin', 'PUT', `${terms}/${own.id}`, { parent_id: foreign.id })).statusCode).toBe(
      422,
    );
    const filed = await a.call('editor', 'POST', '/api/posts', {
      title: 'Foreign term',
      terms: { category: [foreign.id] },
    });
    expect(filed.statusCode).toBe(422);
    expect((await termsOf(a)).map((row) => row.id)).not.toContain(foreign.id);
    // Site A's custom taxonomy does not exist on B.
    await a.call('editor', 'POST', '/api/taxonomies', {
      slug: 'mood',
      singular_label: 'Mood',
      plural_label: 'Moods',
      hierarchical: false,
    });
    expect((await b.call('admin', 'GET', '/api/taxonomies/mood')).statusCode).toBe(404);
    expect((await b.call('admin', 'POST', '/api/taxonomies/mood/terms', { name: 'Calm' })).statusCode).toBe(
      404,
    );
    // B's term is untouched.
    const still = (await b.call('admin', 'GET', path)).json().data;
    expect(still).toMatchObject({ name: 'Foreign', slug: 'foreign' });
  });

  it('a taxonomy detached from a type leaves its entries saveable: the old terms are no part of them, and go at the next save', async () => {
    await a.call('editor', 'POST', '/api/taxonomies', {
      slug: 'era',
      singular_label: 'Era',
      plural_label: 'Eras',
      hierarchical: false,
    });
    await a.call('admin', 'POST', '/api/content-types', {
      slug: 'record',
      singular_label: 'Record',
      plural_label: 'Records',
      taxonomies: ['era'],
    });
    const sixties = await term(a, 'era', { name: 'Sixties' });
    const created = await a.call('admin', 'POST', '/api/content/record', {
      title: 'Revolver',
      terms: { era: [sixties.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await a.call('admin', 'PUT', '/api/content-types/record', { taxonomies: [] })).statusCode).toBe(
      200,
    );

    const read = await a.call('admin', 'GET', `/api/content/record/${id}`);
    expect(read.json().data.terms).toEqual({});
    const saved = await a.call('admin', 'PUT', `/api/content/record/${id}`, {
      title: 'Revolver (remaster)',
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Attached again, the entry has no era: the save dropped the stale filing.
    await a.call('admin', 'PUT', '/api/content-types/record', { taxonomies: ['era'] });
    expect((await a.call('admin', 'GET', `/api/content/record/${id}`)).json().data.terms).toEqual({});
  });
});
