import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let news: { id: number; slug: string };
let rust: { id: number };

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['item', 'category'].includes(name),
});

async function feed(site: ContentSite, path: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: path, headers: { host: site.host, ...headers } });
}

async function items(site: ContentSite, path: string) {
  const res = await feed(site, path);
  expect(res.statusCode, res.body).toBe(200);
  expect(XMLValidator.validate(res.body)).toBe(true);
  return parser.parse(res.body).rss.channel.item ?? [];
}

async function post(site: ContentSite, body: Record<string, unknown>, publish = true) {
  const res = await site.call('editor', 'POST', '/api/posts', body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  if (publish)
    expect((await site.call('editor', 'POST', `/api/posts/${id}/publish`, {})).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  news = (await a.call('admin', 'POST', '/api/taxonomies/category/terms', { name: 'News & Views' })).json()
    .data;
  rust = (await a.call('admin', 'POST', '/api/taxonomies/tag/terms', { name: 'Rust' })).json().data;
  await post(a, { title: 'First <post>', excerpt: 'Fish & chips', terms: { category: [news.id] } });
  await post(a, { title: 'Second', terms: { tag: [rust.id] }, blocks: [] });
  await post(a, { title: 'A draft' }, false);
  await post(b, { title: 'Elsewhere' });
});
afterAll(() => t.close());

describe(`RSS feeds (${testEngine})`, () => {
  it("serves the site's published posts, newest first, as valid RSS 2.0 with absolute links", async () => {
    const res = await feed(a, '/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const doc = parser.parse(res.body);
    expect(doc.rss['@_version']).toBe('2.0');
    const channel = doc.rss.channel;
    expect(channel.link).toBe('http://a.test/');
    expect(channel['atom:link']['@_href']).toBe('http://a.test/feed.xml');
    expect(channel.language).toBe('en');
    const list = channel.item;
    expect(list.map((item: { title: string }) => item.title)).toEqual(['Second', 'First <post>']);
    const [second, first] = list;
    expect(first.link).toMatch(/^http:\/\/a\.test\/\d{4}\/\d{2}\/first-post$/);
    expect(first.description).toBe('Fish & chips');
    expect(first.category).toEqual(['News & Views']);
    expect(second.category).toEqual(['Uncategorized', 'Rust']);
    const editor = (await a.call('admin', 'GET', `/api/users/${a.users.editor.id}`)).json().data;
    expect(first['dc:creator']).toBe(editor.display_name);
    expect(first.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(first.guid['@_isPermaLink']).toBe('false');
    expect(first.guid['#text']).toMatch(/^tag:a\.test,\d{4}-\d{2}-\d{2}:entry-\d+$/);
    expect(res.body).not.toContain('A draft');
    expect(res.body).not.toContain('Elsewhere');
    expect(res.body).not.toContain('@');
  });

  it('names the white-label system as its generator, never the vendor', async () => {
    const before = parser.parse((await feed(b, '/feed.xml')).body);
    expect(before.rss.channel.generator).toBe('Tessera');
    expect((await b.call('admin', 'PUT', '/api/site/branding', { name: 'Harbour CMS' })).statusCode).toBe(200);
    const res = await feed(b, '/feed.xml');
    expect(parser.parse(res.body).rss.channel.generator).toBe('Harbour CMS');
    expect(res.body).not.toContain('Tessera');
    // The system name is the admin's: the public site keeps the site's own name.
    const home = await t.app.inject({ url: '/', headers: { host: 'b.test' } });
    expect(home.body).toMatch(/<title>[^<]*Site b\.test[^<]*<\/title>/);
    expect(home.body).not.toContain('Harbour CMS');
    expect(parser.parse(res.body).rss.channel.title).toBe('Site b.test');
    expect((await b.call('admin', 'PUT', '/api/site/branding', { name: null })).statusCode).toBe(200);
  });

  it('has feeds per category and per tag, and 404 for an unknown term', async () => {
    expect(
      (await items(a, `/category/${news.slug}/feed.xml`)).map((item: { title: string }) => item.title),
    ).toEqual(['First <post>']);
    expect((await items(a, '/tag/rust/feed.xml')).map((item: { title: string }) => item.title)).toEqual([
      'Second',
    ]);
    expect((await feed(a, '/tag/unknown/feed.xml')).statusCode).toBe(404);
    // A term of another site is unknown here.
    expect((await feed(b, '/tag/rust/feed.xml')).statusCode).toBe(404);
    expect((await feed(a, '/tag/Not%20A%20Slug/feed.xml')).statusCode).toBe(422);
  });

  it('answers 304 to a matching ETag or a recent If-Modified-Since, and changes when a post is published', async () => {
    const first = await feed(a, '/feed.xml');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await feed(a, '/feed.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await feed(a, '/feed.xml', {
      'if-modified-since': first.headers['last-modified'] as string,
    });
    expect(since.statusCode).toBe(304);

    await post(a, { title: 'Third' });
    const changed = await feed(a, '/feed.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('<title>Third</title>');
  });

  it('keeps serving the published version while a draft of a post is edited, and drops an unpublished post', async () => {
    const id = await post(a, { title: 'Live title' });
    await a.call('editor', 'PUT', `/api/posts/${id}`, { title: 'Draft title', version: 1 });
    const body = (await feed(a, '/feed.xml')).body;
    expect(body).toContain('Live title');
    expect(body).not.toContain('Draft title');
    await a.call('editor', 'POST', `/api/posts/${id}/unpublish`, {});
    expect((await feed(a, '/feed.xml')).body).not.toContain('Live title');
  });

  it('lists as many posts as the reading setting says', async () => {
    await a.call('admin', 'PUT', '/api/settings/reading', { feed_items: 1 });
    await post(a, { title: 'Fourth' });
    expect((await items(a, '/feed.xml')).map((item: { title: string }) => item.title)).toEqual(['Fourth']);
  });
});
