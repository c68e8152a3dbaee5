import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
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

async function term(site: ContentSite, taxonomy: string, body: Record<string, unknown>) {
  const res = await site.call('editor', 'POST', `/api/taxonomies/${taxonomy}/terms`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe(`taxonomies and terms (${testEngine})`, () => {
  it('lists category and tag, attached to posts', async () => {
    const list = (await a.call('author', 'GET', '/api/taxonomies')).json().data;
    expect(list.map((taxonomy: { slug: string }) => taxonomy.slug)).toEqual(['category', 'tag']);
    expect(list[0]).toMatchObject({ hierarchical: true, builtin: true, content_types: ['post'] });
  });

  it('makes unique slugs, nests only in hierarchical taxonomies, and refuses cycles', async () => {
    const news = await term(a, 'category', { name: 'News' });
    expect(news.slug).toBe('news');
    expect((await term(a, 'category', { name: 'News!' })).slug).toBe('news-2');
    expect((await a.call('editor', 'POST', terms, { name: 'Other', slug: 'news' })).statusCode).toBe(422);
    const local = await term(a, 'category', { name: 'Local', parent_id: news.id });
    const street = await term(a, 'category', { name: 'Street', parent_id: local.id });
    const cycle = await a.call('editor', 'PUT', `${terms}/${news.id}`, { parent_id: street.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_id).toBeDefined();
    const tag = await term(a, 'tag', { name: 'Flat' });
    expect(
      (await a.call('editor', 'POST', '/api/taxonomies/tag/terms', { name: 'Child', parent_id: tag.id }))
        .statusCode,
    ).toBe(422);
    // A parent from another taxonomy is not a parent here.
    expect((await a.call('editor', 'POST', terms, { name: 'Mixed', parent_id: tag.id })).statusCode).toBe(
      422,
    );
    expect((await a.call('author', 'POST', terms, { name: 'Not mine' })).statusCode).toBe(403);
  });

  it('counts published entries, and a deleted term gives its children and posts a home', async () => {
    const parent = await term(a, 'category', { name: 'Parent' });
    const child = await term(a, 'category', { name: 'Child', parent_id: parent.id });
    const grandchild = await term(a, 'category', { name: 'Grandchild', parent_id: child.id });
    const post = (
      await a.call('editor', 'POST', '/api/posts', { title: 'Filed', terms: { category: [child.id] } })
    ).json().data;
    let counted = (await a.call('editor', 'GET', terms))
      .json()
      .data.find((row: { id: number }) => row.id === child.id);
    expect(counted.count).toBe(0);
    await a.call('editor', 'POST', `/api/posts/${post.id}/publish`);
    counted = (await a.call('editor', 'GET', terms))
      .json()
      .data.find((row: { id: number }) => row.id === child.id);
    expect(counted.count).toBe(1);

    expect((await a.call('editor', 'DELETE', `${terms}/${child.id}`)).statusCode).toBe(204);
    const moved = (await a.call('editor', 'GET', `${terms}/${grandchild.id}`)).json().data;
    expect(moved.parent_id).toBe(parent.id);
    const after = (await a.call('editor', 'GET', `/api/posts/${post.id}`)).json().data;
    const uncategorized = (await a.call('editor', 'GET', terms))
      .json()
      .data.find((row: { slug: string }) => row.slug === 'uncategorized');
    expect(after.terms.category).toEqual([uncategorized.id]);
    expect((await a.call('editor', 'DELETE', `${terms}/${uncategorized.id}`)).statusCode).toBe(409);
  });

  it('creates custom taxonomies, attaches them through the type, and guards deletion', async () => {
    const created = await a.call('admin', 'POST', '/api/taxonomies', {
      slug: 'genre',
      singular_label: 'Genre',
      plural_label: 'Genres',
      hierarchical: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (
        await a.call('admin', 'POST', '/api/taxonomies', {
          slug: 'genre',
          singular_label: 'G',
          plural_label: 'G',
          hierarchical: false,
        })
      ).statusCode,
    ).toBe(409);
    await a.call('admin', 'POST', '/api/content-types', {
      slug: 'book',
      singular_label: 'Book',
      plural_label: 'Books',
      taxonomies: ['genre'],
    });
    const jazz = await term(a, 'genre', { name: 'Jazz' });
    const book = await a.call('admin', 'POST', '/api/content/book', {
      title: 'Kind of Blue',
      terms: { genre: [jazz.id] },
    });
    expect(book.json().data.terms).toEqual({ genre: [jazz.id] });
    expect((await a.call('admin', 'GET', '/api/taxonomies/genre')).json().data.content_types).toEqual([
      'book',
    ]);
    expect((await a.call('admin', 'DELETE', '/api/taxonomies/genre')).statusCode).toBe(409);
    expect((await a.call('admin', 'DELETE', '/api/taxonomies/tag')).statusCode).toBe(409);
    await a.call('admin', 'PUT', '/api/content-types/book', { taxonomies: [] });
    expect((await a.call('admin', 'DELETE', '/api/taxonomies/genre')).statusCode).toBe(204);
  });

  it('answers 404 for a term of another site, in every path', async () => {
    const foreign = await term(b, 'category', { name: 'Foreign' });
    expect((await a.call('admin', 'GET', `${terms}/${foreign.id}`)).statusCode).toBe(404);
    expect((await a.call('admin', 'PUT', `${terms}/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await a.call('admin', 'DELETE', `${terms}/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await a.call('admin', 'POST', terms, { name: 'Under foreign', parent_id: foreign.id })).statusCode,
    ).toBe(422);
    expect((await b.call('admin', 'GET', `${terms}/${foreign.id}`)).json().data.name).toBe('Foreign');
  });
});
