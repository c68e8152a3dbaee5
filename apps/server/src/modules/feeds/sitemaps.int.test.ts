import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

const parser = new XMLParser({ isArray: (name) => ['url', 'sitemap'].includes(name) });

const get = (site: ContentSite, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: site.host } });

/** The addresses a sitemap or index lists. */
async function listed(site: ContentSite, path: string): Promise<string[]> {
  const res = await get(site, path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(res.body)).toBe(true);
  const doc = parser.parse(res.body);
  const entries: Array<{ loc: string }> = doc.urlset?.url ?? doc.sitemapindex?.sitemap ?? [];
  return entries.map((entry) => entry.loc);
}

async function publish(site: ContentSite, area: 'posts' | 'pages', title: string, publish = true) {
  const res = await site.call('editor', 'POST', `/api/${area}`, { title });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  if (!publish) return { id, url: '' };
  const published = await site.call('editor', 'POST', `/api/${area}/${id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return { id, url: published.json().data.url as string };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});
afterAll(() => t.close());

describe(`robots.txt and sitemaps (${testEngine})`, () => {
  it('tell crawlers what to leave out and where the sitemap is', async () => {
    const res = await get(a, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      'User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /_preview/\n\nSitemap: http://a.test/sitemap.xml\n',
    );
  });

  it("list the site's published entries by type, follow changes, and leave out what members only read", async () => {
    const first = await publish(a, 'posts', 'First light');
    const second = await publish(a, 'posts', 'Second tide');
    await publish(a, 'posts', 'A draft', false);
    const about = await publish(a, 'pages', 'About us');
    await publish(b, 'posts', 'Elsewhere');

    expect(await listed(a, '/sitemap.xml')).toEqual([
      'http://a.test/sitemap-page-1.xml',
      'http://a.test/sitemap-post-1.xml',
    ]);
    expect(await listed(a, '/sitemap-post-1.xml')).toEqual([
      `http://a.test${first.url}`,
      `http://a.test${second.url}`,
    ]);
    expect(await listed(a, '/sitemap-page-1.xml')).toEqual(['http://a.test/', `http://a.test${about.url}`]);
    const xml = (await get(a, '/sitemap-post-1.xml')).body;
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);
    expect((await get(a, '/sitemap-post-2.xml')).statusCode).toBe(404);
    expect((await get(a, '/sitemap-product-1.xml')).statusCode).toBe(404);
    expect((await get(a, '/sitemap-post-0.xml')).statusCode).toBe(422);

    // A new post is listed at once; an unpublished one no longer.
    const third = await publish(a, 'posts', 'Third wave');
    expect(await listed(a, '/sitemap-post-1.xml')).toContain(`http://a.test${third.url}`);
    expect((await a.call('editor', 'POST', `/api/posts/${first.id}/unpublish`, {})).statusCode).toBe(200);
    expect(await listed(a, '/sitemap-post-1.xml')).not.toContain(`http://a.test${first.url}`);

    // A plugin reserving an entry for members keeps it out.
    const remove = t.runtime.hooks.addFilter(
      'entry.access',
      (access, _ctx, entry) => (entry.id === second.id ? 'members' : access),
      { owner: 'plugin:members-test' },
    );
    try {
      await t.runtime.caches.clear('sitemaps');
      expect(await listed(a, '/sitemap-post-1.xml')).toEqual([`http://a.test${third.url}`]);
    } finally {
      remove();
      await t.runtime.caches.clear('sitemaps');
    }
    expect(await listed(b, '/sitemap-post-1.xml')).toHaveLength(1);

    // An SEO plugin leaves out what it marks noindex and adds its own; another site's is dropped.
    const removeUrls = t.runtime.hooks.addFilter(
      'sitemap.urls',
      (urls, _ctx, sitemap) => [
        ...urls.filter((url) => !url.loc.endsWith(second.url)),
        { loc: `${sitemap.base}/shop/`, lastmod: null },
        { loc: 'https://elsewhere.example/page', lastmod: null },
      ],
      { owner: 'plugin:seo-test' },
    );
    try {
      await t.runtime.caches.clear('sitemaps');
      expect(await listed(a, '/sitemap-post-1.xml')).toEqual([
        `http://a.test${third.url}`,
        'http://a.test/shop/',
      ]);
    } finally {
      removeUrls();
      await t.runtime.caches.clear('sitemaps');
    }
  });
});
