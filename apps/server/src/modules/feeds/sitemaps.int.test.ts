import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { expectValid, hasXmllint, requireXmllint } from '../../../test/fixtures/sitemap-schemas.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { activatePlugin } from '../../core/plugins/plugin-admin.js';
import type { Site } from '../../core/sites/site.js';
import { MAX_IMAGES } from './sitemap-answers.js';
import type { SitemapContext } from './sitemaps.js';

// A third party's crawl rules, as the SEO plugin will write them: its own robots.txt, the pages'
// sitemap left out of the index, and the entries it marks noindex (here: their slug says so).
const fixtures = pluginFixtures('tessera-sitemaps-');
const crawlRules = fixtures.write(
  'crawl-rules',
  `export default (plugin) => {
     plugin.hooks.onFilter('robots.txt', (text, _ctx, { sitemap }) =>
       'User-agent: *\\nDisallow: /drafts/\\n\\nSitemap: ' + sitemap + '\\n');
     plugin.hooks.onFilter('sitemap.index', (sitemaps) => sitemaps.filter((one) => one.name !== 'page'));
     plugin.hooks.onFilter('sitemap.urls', (urls) =>
       urls.filter((url) => !(url.entry && url.loc.endsWith('-noindex'))));
   };`,
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
/** Two languages. */
let c: ContentSite;
/** The crawl-rules plugin active. */
let d: ContentSite;

interface Listed {
  loc: string;
  lastmod?: string;
  images: string[];
  alternates: Array<{ hreflang: string; href: string }>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => ['url', 'sitemap', 'image:image', 'xhtml:link'].includes(name),
});

const get = (site: ContentSite, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: site.host } });

/** What a sitemap or index lists, after checking it is served as XML and valid against its XSD. */
async function read(site: ContentSite, path: string): Promise<{ xml: string; listed: Listed[] }> {
  const res = await get(site, path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(res.body)).toBe(true);
  expectValid(res.body);
  const doc = parser.parse(res.body);
  const entries: Array<Record<string, unknown>> = doc.urlset?.url ?? doc.sitemapindex?.sitemap ?? [];
  const listed = entries.map((entry) => ({
    loc: entry.loc as string,
    ...(entry.lastmod === undefined ? {} : { lastmod: entry.lastmod as string }),
    images: ((entry['image:image'] ?? []) as Array<{ 'image:loc': string }>).map(
      (image) => image['image:loc'],
    ),
    alternates: ((entry['xhtml:link'] ?? []) as Array<{ hreflang: string; href: string }>).map(
      ({ hreflang, href }) => ({ hreflang, href }),
    ),
  }));
  for (const entry of listed) expect(entry.images.length).toBeLessThanOrEqual(MAX_IMAGES);
  return { xml: res.body, listed };
}

async function listed(site: ContentSite, path: string): Promise<string[]> {
  return (await read(site, path)).listed.map((entry) => entry.loc);
}

async function publish(
  site: ContentSite,
  area: 'posts' | 'pages',
  title: string,
  publish = true,
  extra: Record<string, unknown> = {},
) {
  const res = await site.call('editor', 'POST', `/api/${area}`, { title, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  if (!publish) return { id, url: '', published_at: '' };
  const published = await site.call('editor', 'POST', `/api/${area}/${id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  const data = published.json().data;
  return { id, url: data.url as string, published_at: data.published_at as string };
}

async function newTerm(site: ContentSite, taxonomy: string, name: string): Promise<number> {
  const res = await site.call('admin', 'POST', `/api/taxonomies/${taxonomy}/terms`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** Runs `work` with a filter of the whole installation, sitemaps rendered afresh before and after. */
async function withFilter(install: () => () => void, work: () => Promise<void>): Promise<void> {
  const remove = install();
  try {
    await t.runtime.caches.clear('sitemaps');
    await work();
  } finally {
    remove();
    await t.runtime.caches.clear('sitemaps');
  }
}

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [crawlRules]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  c = await seedContentSite(t.app, t.runtime, 'c.test');
  d = await seedContentSite(t.app, t.runtime, 'd.test');
  const languages = await c.call('super_admin', 'PUT', `/api/sites/${c.siteId}`, { locales: ['en', 'fr'] });
  expect(languages.statusCode, languages.body).toBe(200);
  await activatePlugin(t.runtime, 'crawl-rules', (await t.runtime.siteStore.findById(d.siteId)) as Site);
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

describe(`robots.txt and sitemaps (${testEngine})`, () => {
  // Under CI each test that reads a sitemap fails without xmllint too; elsewhere this one says it is missing.
  it.skipIf(!hasXmllint() && !process.env.CI)('are checked against their XSDs with xmllint', () => {
    expect(requireXmllint()).toBe(true);
  });

  it('tell crawlers what to leave out and where the sitemap is; a filter may rewrite the rules, within 64 KB', async () => {
    const core =
      'User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /_preview/\n\nSitemap: http://a.test/sitemap.xml\n';
    const res = await get(a, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(core);

    // The plugin active on d writes d's rules, the Sitemap line its own; the other sites keep the core's.
    expect((await get(d, '/robots.txt')).body).toBe(
      'User-agent: *\nDisallow: /drafts/\n\nSitemap: http://d.test/sitemap.xml\n',
    );
    expect((await get(b, '/robots.txt')).body).toBe(core.replace('a.test', 'b.test'));

    const seen: Array<{ base: string; sitemap: string }> = [];
    let answer = `${'# a long comment\n'.repeat(3_800)}User-agent: *\nDisallow: /\n`;
    const remove = t.runtime.hooks.addFilter(
      'robots.txt',
      (text, _ctx, context) => {
        seen.push(context);
        return text.startsWith('User-agent') ? answer : text;
      },
      { owner: 'plugin:robots-test' },
    );
    try {
      expect(Buffer.byteLength(answer)).toBeLessThanOrEqual(64 * 1024);
      expect((await get(a, '/robots.txt')).body).toBe(answer);
      expect(seen).toContainEqual({ base: 'http://a.test', sitemap: 'http://a.test/sitemap.xml' });
      answer = `${'# a long comment\n'.repeat(3_800)}${'x'.repeat(2_000)}`;
      expect(Buffer.byteLength(answer)).toBeGreaterThan(64 * 1024);
      expect((await get(a, '/robots.txt')).body).toBe(core);
    } finally {
      remove();
    }
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
      'http://a.test/sitemap-tax-category-1.xml',
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
    await withFilter(
      () =>
        t.runtime.hooks.addFilter(
          'entry.access',
          (access, _ctx, entry) => (entry.id === second.id ? 'members' : access),
          { owner: 'plugin:members-test' },
        ),
      async () => {
        expect(await listed(a, '/sitemap-post-1.xml')).toEqual([`http://a.test${third.url}`]);
      },
    );
    expect(await listed(b, '/sitemap-post-1.xml')).toHaveLength(1);

    // An SEO plugin leaves out what it marks noindex and adds its own; another site's is dropped.
    const contexts: SitemapContext[] = [];
    await withFilter(
      () =>
        t.runtime.hooks.addFilter(
          'sitemap.urls',
          (urls, _ctx, sitemap) => {
            contexts.push(sitemap);
            return [
              ...urls.filter((url) => url.entry?.id !== second.id),
              { loc: `${sitemap.base}/shop/`, lastmod: null },
              { loc: 'https://elsewhere.example/page', lastmod: null },
            ];
          },
          { owner: 'plugin:seo-test' },
        ),
      async () => {
        expect(await listed(a, '/sitemap-post-1.xml')).toEqual([
          `http://a.test${third.url}`,
          'http://a.test/shop/',
        ]);
        expect(contexts).toContainEqual({
          type: 'post',
          kind: 'type',
          name: 'post',
          page: 1,
          base: 'http://a.test',
        });
      },
    );
  });

  it('date each address by its live version: a draft saved after publishing does not move it, publishing it does', async () => {
    const post = await publish(a, 'posts', 'Harbour lights');
    const lastmodOf = async (loc: string) =>
      (await read(a, '/sitemap-post-1.xml')).listed.find((entry) => entry.loc === loc)?.lastmod;
    const loc = `http://a.test${post.url}`;
    expect(await lastmodOf(loc)).toBe(post.published_at);

    const draft = (await a.call('editor', 'GET', `/api/posts/${post.id}`)).json().data;
    const saved = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
      title: 'Harbour lights, revised',
      version: draft.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedAt = saved.json().data.updated_at as string;
    expect(savedAt > post.published_at).toBe(true);
    expect(await lastmodOf(loc)).toBe(post.published_at);

    const republished = await a.call('editor', 'POST', `/api/posts/${post.id}/publish`, {});
    expect(republished.statusCode, republished.body).toBe(200);
    expect(await lastmodOf(loc)).toBe(savedAt);

    // The index dates each sitemap by the newest of its addresses.
    const posts = (await read(a, '/sitemap-post-1.xml')).listed.flatMap((entry) => entry.lastmod ?? []);
    const index = (await read(a, '/sitemap.xml')).listed;
    expect(index.find((entry) => entry.loc === 'http://a.test/sitemap-post-1.xml')?.lastmod).toBe(
      posts.sort().at(-1),
    );
    expect(index.find((entry) => entry.loc === 'http://a.test/sitemap-post-1.xml')?.lastmod).toBe(savedAt);
  });

  it("list an entry's featured image, absolute, and declare the image namespace only where one is listed", async () => {
    const uploaded = await sendUpload(t.app, a, 'editor', {
      name: 'quay.jpg',
      data: await phoneJpeg(400, 300),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const media = uploaded.json().data;
    const post = await publish(a, 'posts', 'The quay at dawn', true, { featured_media_id: media.id });
    const variant = media.variants.large ?? media.variants.full;
    expect(variant?.url).toBeTruthy();

    const { xml, listed: urls } = await read(a, '/sitemap-post-1.xml');
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).not.toContain('xmlns:xhtml');
    expect(urls.find((entry) => entry.loc === `http://a.test${post.url}`)?.images).toEqual([
      `http://a.test${variant.url}`,
    ]);
    expect(urls.filter((entry) => entry.images.length > 0)).toHaveLength(1);
    expect((await read(a, '/sitemap-page-1.xml')).xml).not.toContain('xmlns:image');
  });

  it('list the archives of the terms that have a published post, after the types, each dated by its newest post', async () => {
    const rust = await newTerm(a, 'tag', 'Rust');
    const empty = await newTerm(a, 'tag', 'Empty');
    const older = await publish(a, 'posts', 'Ferrous notes', true, { terms: { tag: [rust] } });
    const newer = await publish(a, 'posts', 'Borrowed time', true, { terms: { tag: [rust] } });
    await publish(a, 'posts', 'Nothing yet', false, { terms: { tag: [empty] } });

    expect(await listed(a, '/sitemap.xml')).toEqual([
      'http://a.test/sitemap-page-1.xml',
      'http://a.test/sitemap-post-1.xml',
      'http://a.test/sitemap-tax-category-1.xml',
      'http://a.test/sitemap-tax-tag-1.xml',
    ]);
    const tags = (await read(a, '/sitemap-tax-tag-1.xml')).listed;
    expect(tags).toEqual([
      { loc: 'http://a.test/tag/rust', lastmod: newer.published_at, images: [], alternates: [] },
    ]);
    expect(newer.published_at >= older.published_at).toBe(true);
    expect((await get(a, '/tag/rust')).statusCode).toBe(200);
    expect(await listed(a, '/sitemap-tax-category-1.xml')).toEqual(['http://a.test/category/uncategorized']);
    expect((await get(a, '/sitemap-tax-tag-2.xml')).statusCode).toBe(404);
    expect((await get(a, '/sitemap-tax-genre-1.xml')).statusCode).toBe(404);
    expect((await get(a, '/sitemap-tax-tag-0.xml')).statusCode).toBe(422);

    // The `sitemap.urls` filter is given the archives too.
    const contexts: SitemapContext[] = [];
    await withFilter(
      () =>
        t.runtime.hooks.addFilter(
          'sitemap.urls',
          (urls, _ctx, sitemap) => {
            contexts.push(sitemap);
            return sitemap.kind === 'taxonomy' ? urls.filter((url) => !url.loc.endsWith('/rust')) : urls;
          },
          { owner: 'plugin:seo-test' },
        ),
      async () => {
        // Nothing left to list: no sitemap (the protocol wants at least one address), none in the index.
        expect((await get(a, '/sitemap-tax-tag-1.xml')).statusCode).toBe(404);
        expect(await listed(a, '/sitemap.xml')).not.toContain('http://a.test/sitemap-tax-tag-1.xml');
        expect(contexts).toContainEqual({
          type: 'tax:tag',
          kind: 'taxonomy',
          name: 'tag',
          page: 1,
          base: 'http://a.test',
        });
      },
    );
  });

  it('leave out of the index what the `sitemap.index` filter leaves out, and answer 404 at its address', async () => {
    const offered: unknown[] = [];
    await withFilter(
      () =>
        t.runtime.hooks.addFilter(
          'sitemap.index',
          (sitemaps, _ctx, { base }) => {
            offered.push(...sitemaps);
            return [
              ...sitemaps.filter((sitemap) => sitemap.kind !== 'taxonomy'),
              { loc: `${base}/sitemap-mine-1.xml`, lastmod: null, kind: 'type' as const, name: 'mine' },
            ];
          },
          { owner: 'plugin:seo-test' },
        ),
      async () => {
        expect(await listed(a, '/sitemap.xml')).toEqual([
          'http://a.test/sitemap-page-1.xml',
          'http://a.test/sitemap-post-1.xml',
        ]);
        expect(offered).toContainEqual({
          loc: 'http://a.test/sitemap-tax-tag-1.xml',
          lastmod: expect.stringMatching(/^\d{4}-/),
          kind: 'taxonomy',
          name: 'tag',
        });
        expect((await get(a, '/sitemap-tax-tag-1.xml')).statusCode).toBe(404);
        expect((await get(a, '/sitemap-tax-category-1.xml')).statusCode).toBe(404);
        expect((await get(a, '/sitemap-mine-1.xml')).statusCode).toBe(404);
        await read(a, '/sitemap-post-1.xml');
      },
    );
    expect((await read(a, '/sitemap-tax-tag-1.xml')).listed).toHaveLength(1);
  });

  it('follow what a plugin active on the site decides: types left out of the index, entries it marks noindex', async () => {
    const kept = await publish(d, 'posts', 'Open water');
    await publish(d, 'posts', 'Private mooring', true, { slug: 'private-mooring-noindex' });
    await publish(d, 'pages', 'Contact');

    expect(await listed(d, '/sitemap.xml')).toEqual([
      'http://d.test/sitemap-post-1.xml',
      'http://d.test/sitemap-tax-category-1.xml',
    ]);
    expect((await get(d, '/sitemap-page-1.xml')).statusCode).toBe(404);
    expect(await listed(d, '/sitemap-post-1.xml')).toEqual([`http://d.test${kept.url}`]);
    // Where the plugin is not active, nothing changes.
    expect(await listed(a, '/sitemap.xml')).toContain('http://a.test/sitemap-page-1.xml');
  });

  it('give the hreflang alternates of translated entries and of term archives in a site of several languages', async () => {
    const port = await newTerm(c, 'tag', 'Port');
    const english = await publish(c, 'posts', 'Harbour news', true, { terms: { tag: [port] } });
    const alone = await publish(c, 'posts', 'Only in English');
    const created = await c.call('editor', 'POST', `/api/posts/${english.id}/translations`, { locale: 'fr' });
    expect(created.statusCode, created.body).toBe(201);
    const frId = created.json().data.id as number;
    const draft = (await c.call('editor', 'GET', `/api/posts/${frId}`)).json().data;
    const saved = await c.call('editor', 'PUT', `/api/posts/${frId}`, {
      title: 'Nouvelles du port',
      slug: 'nouvelles-du-port',
      terms: { tag: [port] },
      version: draft.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const french = await c.call('editor', 'POST', `/api/posts/${frId}/publish`, {});
    expect(french.statusCode, french.body).toBe(200);
    const frenchUrl = french.json().data.url as string;

    const { xml, listed: posts } = await read(c, '/sitemap-post-1.xml');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const both = [
      { hreflang: 'en', href: `http://c.test${english.url}` },
      { hreflang: 'fr', href: `http://c.test${frenchUrl}` },
      { hreflang: 'x-default', href: `http://c.test${english.url}` },
    ];
    expect(posts.find((entry) => entry.loc === `http://c.test${english.url}`)?.alternates).toEqual(both);
    expect(posts.find((entry) => entry.loc === `http://c.test${frenchUrl}`)?.alternates).toEqual(both);
    expect(posts.find((entry) => entry.loc === `http://c.test${alone.url}`)?.alternates).toEqual([]);

    // A term's archive exists in each language: listed where it has a post, pointing to all.
    const archives = [
      { hreflang: 'en', href: 'http://c.test/tag/port' },
      { hreflang: 'fr', href: 'http://c.test/fr/tag/port' },
      { hreflang: 'x-default', href: 'http://c.test/tag/port' },
    ];
    const tags = (await read(c, '/sitemap-tax-tag-1.xml')).listed;
    expect(tags.map((entry) => entry.loc)).toEqual(['http://c.test/tag/port', 'http://c.test/fr/tag/port']);
    for (const entry of tags) expect(entry.alternates).toEqual(archives);
    expect((await get(c, '/fr/tag/port')).statusCode).toBe(200);
  });
});
