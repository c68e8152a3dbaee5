import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { phoneJpeg } from '../../../apps/server/test/fixtures/media-files.js';
import { sendUpload } from '../../../apps/server/test/fixtures/media-upload.js';
import { expectValid } from '../../../apps/server/test/fixtures/sitemap-schemas.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { installPlugins, pluginFixtures } from '../../../apps/server/test/plugin-fixtures.js';

// Another plugin: a page of its own, and a Product added to the SEO plugin's structured data.
const fixtures = pluginFixtures('tessera-seo-');
const shop = fixtures.write(
  'shop-lite',
  `import { html } from '@tessera/plugin';
   export default (plugin) => {
     plugin.pages.get('/shop-lite/nets', { cache: 'public' }, () => ({ title: 'Our shop', body: html\`<p>Nets and ropes.</p>\` }));
     plugin.hooks.onFilter('seo.json_ld', (documents, _ctx, page) =>
       page.kind === 'plugin'
         ? [...documents, { '@context': 'https://schema.org', '@type': 'Product', name: 'Net', offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'EUR' } }]
         : documents);
   };`,
);

// The plugin as Tessera ships it: recorded from plugins/ at start, switched on per site.
let t: TestContext;
let a: ContentSite;
let b: ContentSite;

const visit = (site: ContentSite, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host } });

async function setActive(site: ContentSite, active: boolean) {
  const res = await site.call('admin', 'PUT', '/api/plugins/seo/active', { active });
  expect(res.statusCode, res.body).toBe(200);
}

async function settle(site: ContentSite, values: Record<string, unknown>) {
  const res = await site.call('admin', 'PUT', '/api/settings/seo', values);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Creates and publishes an entry; `content` is its body, the type's `content` field. */
async function publish(site: ContentSite, type: 'posts' | 'pages', entry: Record<string, unknown>) {
  const { content, fields, ...rest } = entry as { content?: string; fields?: Record<string, unknown> };
  const body = { ...rest, fields: { ...(content === undefined ? {} : { content }), ...fields } };
  const created = await site.call('editor', 'POST', `/api/${type}`, body);
  expect(created.statusCode, created.body).toBe(201);
  const published = await site.call('editor', 'POST', `/api/${type}/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { id: number; slug: string; url: string; fields: Record<string, unknown> };
}

/** The JSON-LD documents of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
}

const count = (html: string, needle: string) => html.split(needle).length - 1;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [shop]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'seo-a.test');
  b = await seedContentSite(t.app, t.runtime, 'seo-b.test');
  const general = await a.call('admin', 'PUT', '/api/settings/general', {
    title: 'Harbour Journal',
    tagline: 'Notes from the quay',
  });
  expect(general.statusCode, general.body).toBe(200);
  await setActive(a, true);
  const shopOn = await a.call('admin', 'PUT', '/api/plugins/shop-lite/active', { active: true });
  expect(shopOn.statusCode, shopOn.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

describe(`the SEO plugin (${testEngine})`, () => {
  it('adds its fields to entries, kept with the entry through the REST API', async () => {
    const post = await publish(a, 'posts', {
      title: 'Tides of December',
      content: '<p>The tide tables for the harbour this month.</p>',
      fields: { 'seo.title': 'December tides {{sep}} {{site}}', 'seo.focus_keyphrase': 'tide tables' },
    });
    expect(post.fields).toMatchObject({
      'seo.title': 'December tides {{sep}} {{site}}',
      'seo.focus_keyphrase': 'tide tables',
    });
    const bad = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
      version: (post as unknown as { version: number }).version,
      fields: { 'seo.canonical': 'not an address' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['fields.seo.canonical']);
  });

  it('writes a post’s head: template title, description from the first paragraph, Open Graph, Twitter and BlogPosting, each tag once', async () => {
    const post = await publish(a, 'posts', {
      title: 'Mooring in winter',
      content: `<p>${'Ropes, fenders and a watchful eye keep a boat safe when the winter storms come up the channel. '.repeat(3)}</p><h2>Ropes</h2><p>More.</p>`,
    });
    const res = await visit(a, post.url);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(titleOf(html)).toBe('Mooring in winter – Harbour Journal');
    const description = metaOf(html, 'description') ?? '';
    expect(description.startsWith('Ropes, fenders and a watchful eye')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    for (const tag of [
      '<title>',
      '<meta name="description"',
      '<link rel="canonical"',
      '<meta property="og:title"',
      '<meta property="og:description"',
      '<meta name="twitter:card"',
      '<meta name="twitter:title"',
      '<meta property="og:locale"',
      '<meta name="robots"',
    ])
      expect(count(html, tag), tag).toBe(tag === '<meta name="robots"' ? 0 : 1);
    expect(metaOf(html, 'og:locale')).toBe('en');
    expect(metaOf(html, 'twitter:description')).toBe(description);
    const [article] = jsonLd(html);
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Mooring in winter',
      url: `http://seo-a.test${post.url}`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `http://seo-a.test${post.url}` },
      author: { '@type': 'Person' },
      publisher: { '@type': 'Organization', name: 'Harbour Journal' },
      inLanguage: 'en',
    });
    for (const key of ['datePublished', 'dateModified'])
      expect(Number.isNaN(Date.parse(String(article?.[key])))).toBe(false);

    // dateModified is the live version's: a draft saved since does not move it, publishing it does.
    const modified = async () => jsonLd((await visit(a, post.url)).body)[0]?.dateModified;
    const before = await modified();
    const draft = (await a.call('editor', 'GET', `/api/posts/${post.id}`)).json().data;
    const saved = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
      excerpt: 'A quieter winter',
      version: draft.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await modified()).toBe(before);
    const republished = await a.call('editor', 'POST', `/api/posts/${post.id}/publish`, {});
    expect(republished.statusCode, republished.body).toBe(200);
    expect(await modified()).toBe(saved.json().data.updated_at);
  });

  it('takes the entry’s own title, description, social image, canonical address and robots rules', async () => {
    const upload = await sendUpload(
      t.app,
      a,
      'editor',
      { name: 'quay.jpg', data: await phoneJpeg(1600, 900), type: 'image/jpeg' },
      { alt_text: 'The quay at dawn' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const imageId = upload.json().data.id as number;
    const post = await publish(a, 'posts', {
      title: 'Fish market',
      content: '<p>Every Friday.</p>',
      fields: {
        'seo.title': 'The Friday fish market {{sep}} {{site}}',
        'seo.description': 'Fresh fish on the quay every Friday from six.',
        'seo.image': imageId,
        'seo.canonical': 'https://market.example/friday',
        'seo.noindex': true,
        'seo.nofollow': true,
      },
    });
    const html = (await visit(a, post.url)).body;
    expect(titleOf(html)).toBe('The Friday fish market – Harbour Journal');
    expect(metaOf(html, 'og:title')).toBe('The Friday fish market – Harbour Journal');
    expect(metaOf(html, 'description')).toBe('Fresh fish on the quay every Friday from six.');
    expect(html).toContain('<link rel="canonical" href="https://market.example/friday"/>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const image = metaOf(html, 'og:image') ?? '';
    expect(image.startsWith('http://seo-a.test/media/')).toBe(true);
    expect(Number(metaOf(html, 'og:image:width'))).toBeGreaterThan(0);
    expect(metaOf(html, 'og:image:alt')).toBe('The quay at dawn');
    expect(metaOf(html, 'twitter:image')).toBe(image);
    // Neither listed in the sitemap: kept out of search, and a copy of a page elsewhere.
    await t.runtime.caches.clear('sitemaps');
    const sitemap = (await visit(a, '/sitemap-post-1.xml')).body;
    expectValid(sitemap);
    expect(sitemap).not.toContain(post.url);
  });

  it('falls back to the site’s default image, and fills the home page with WebSite, SearchAction and the publisher', async () => {
    const upload = await sendUpload(
      t.app,
      a,
      'editor',
      { name: 'logo.jpg', data: await phoneJpeg(600, 600), type: 'image/jpeg' },
      {},
    );
    const logo = upload.json().data.id as number;
    await settle(a, {
      default_image: logo,
      publisher: {
        kind: 'organization',
        name: 'Harbour Trust',
        logo,
        same_as: ['https://social.example/harbour'],
      },
      twitter_site: '@harbour',
    });
    const page = await publish(a, 'pages', { title: 'About the harbour' });
    const html = (await visit(a, page.url)).body;
    expect((metaOf(html, 'og:image') ?? '').startsWith('http://seo-a.test/media/')).toBe(true);
    expect(metaOf(html, 'twitter:site')).toBe('@harbour');
    expect(jsonLd(html)[0]).toMatchObject({
      '@type': 'WebPage',
      name: 'About the harbour',
      isPartOf: { '@type': 'WebSite' },
    });

    const home = (await visit(a, '/')).body;
    expect(titleOf(home)).toBe('Harbour Journal – Notes from the quay');
    const documents = jsonLd(home);
    const website = documents.find((doc) => doc['@type'] === 'WebSite');
    expect(website).toMatchObject({
      url: 'http://seo-a.test/',
      name: 'Harbour Journal',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'http://seo-a.test/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
    const publisher = documents.find((doc) => doc['@type'] === 'Organization');
    expect(publisher).toMatchObject({
      name: 'Harbour Trust',
      sameAs: ['https://social.example/harbour'],
      logo: { '@type': 'ImageObject' },
    });
  });

  it('gives a child page its BreadcrumbList and an archive its CollectionPage and archive title', async () => {
    const parent = await publish(a, 'pages', { title: 'Visiting' });
    const child = await publish(a, 'pages', { title: 'Parking', parent_id: parent.id });
    const html = (await visit(a, child.url)).body;
    const trail = jsonLd(html).find((doc) => doc['@type'] === 'BreadcrumbList');
    expect(trail).toMatchObject({
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Harbour Journal', item: 'http://seo-a.test/' },
        { position: 2, name: 'Visiting', item: `http://seo-a.test${parent.url}` },
        { position: 3, name: 'Parking', item: `http://seo-a.test${child.url}` },
      ],
    });
    const archive = await visit(a, '/category/uncategorized');
    expect(archive.statusCode).toBe(200);
    const types = jsonLd(archive.body).map((doc) => doc['@type']);
    expect(types).toEqual(['CollectionPage', 'BreadcrumbList']);
    expect(titleOf(archive.body)).toMatch(/ – Harbour Journal$/);
  });

  it('writes a plugin’s page head, and takes other plugins’ structured data through seo.json_ld', async () => {
    const res = await visit(a, '/shop-lite/nets');
    expect(res.statusCode, res.body).toBe(200);
    expect(titleOf(res.body)).toBe('Our shop – Harbour Journal');
    const documents = jsonLd(res.body);
    expect(documents.map((doc) => doc['@type'])).toEqual(['WebPage', 'Product']);
    expect(documents[0]).toMatchObject({ name: 'Our shop', url: 'http://seo-a.test/shop-lite/nets' });
    expect(documents[1]).toMatchObject({ offers: { price: '12.00', priceCurrency: 'EUR' } });
  });

  it('runs templates per type, with the separator chosen', async () => {
    await settle(a, {
      separator: '|',
      types: {
        post: { title: '{{title}} {{sep}} Blog {{sep}} {{site}}', description: 'By {{author}}: {{excerpt}}' },
      },
    });
    const post = await publish(a, 'posts', {
      title: 'Lobster season',
      excerpt: 'Pots are out.',
      content: '<p>Pots.</p>',
    });
    const html = (await visit(a, post.url)).body;
    expect(titleOf(html)).toBe('Lobster season | Blog | Harbour Journal');
    expect(metaOf(html, 'description')).toMatch(/^By .+: Pots are out\.$/);
    await settle(a, { separator: '–', types: {} });
  });

  it('keeps each entry’s score as of its last save, for administrators, with duplicates named', async () => {
    const words =
      'The harbour tide tables tell every skipper when the water is deep enough to leave the quay safely. ';
    const first = await publish(a, 'posts', {
      title: 'Tide tables for skippers',
      content: `<p>${words.repeat(30)}</p><h2>Reading tide tables</h2><p>${words.repeat(5)}</p>`,
      fields: {
        'seo.focus_keyphrase': 'tide tables',
        'seo.description':
          'When the harbour tide tables say the water is deep enough to leave the quay safely, for every skipper who sails from here.',
      },
    });
    const second = await publish(a, 'posts', { title: 'Tide tables for skippers', content: '<p>Short.</p>' });
    const res = await a.call('admin', 'GET', `/api/seo/scores?ids=${first.id},${second.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const scores = res.json().data as Array<{
      entry_id: number;
      title: string;
      score: number;
      rating: string;
      checks: Array<{ id: string; status: string }>;
    }>;
    const byId = new Map(scores.map((row) => [row.entry_id, row]));
    const good = byId.get(first.id);
    const poor = byId.get(second.id);
    expect(good?.checks.find((check) => check.id === 'keyphrase_in_title')?.status).toBe('good');
    expect(poor?.checks.find((check) => check.id === 'duplicate_title')?.status).toBe('problem');
    expect(poor?.checks.find((check) => check.id === 'content_length')?.status).toBe('problem');
    expect(good?.score ?? 0).toBeGreaterThan(poor?.score ?? 100);
    const problems = await a.call('admin', 'GET', '/api/seo/scores?rating=problem&type=post');
    expect((problems.json().data as Array<{ rating: string }>).every((row) => row.rating === 'problem')).toBe(
      true,
    );
    // The stored scores are the bulk editor's, for administrators; the panel's context is for every editor.
    expect((await a.call('editor', 'GET', '/api/seo/scores')).statusCode).toBe(403);
    const context = await a.call('editor', 'GET', '/api/seo/context');
    expect(context.statusCode).toBe(200);
    expect(context.json().data.templates.entries.title).toBe('{{title}} {{sep}} {{site}}');
    // {{site}} and {{tagline}} are the site's title and tagline, as on its pages.
    expect(context.json().data.site).toMatchObject({
      name: 'Harbour Journal',
      tagline: 'Notes from the quay',
    });
    expect((await a.call('admin', 'GET', '/api/seo/scores?ids=1,x')).statusCode).toBe(422);
    // The panel's live duplicate checks: the others' titles equal to the one typed, case aside.
    const asked = (query: string) => a.call('editor', 'GET', `/api/seo/duplicates?locale=en&${query}`);
    const shownTitle = encodeURIComponent((poor?.title ?? '').toUpperCase());
    const same = await asked(`title=${shownTitle}&id=${first.id}`);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toEqual({ titles: [poor?.title], descriptions: [] });
    expect((await asked(`title=${shownTitle}&id=${second.id}`)).json().data.titles).toEqual([good?.title]);
    expect((await asked('title=Nothing%20like%20it')).json().data).toEqual({ titles: [], descriptions: [] });
    expect((await asked('')).json().data).toEqual({ titles: [], descriptions: [] });
  });

  it('narrows a content list to the entries of one rating, on the sites where it is active', async () => {
    const words = 'Moorings are booked at the harbour office a week ahead, and paid for on arrival. ';
    const fine = await publish(a, 'posts', {
      title: 'Booking a mooring at the harbour',
      content: `<p>${words.repeat(30)}</p><h2>Booking a mooring ahead</h2><p>${words.repeat(5)}</p>`,
      fields: {
        'seo.focus_keyphrase': 'booking a mooring',
        'seo.description':
          'Booking a mooring at the harbour office a week ahead, and paying for it on arrival: what every visiting skipper needs.',
      },
    });
    const poor = await publish(a, 'posts', { title: 'Moorings', content: '<p>Ask.</p>' });
    const ids = async (query: string) => {
      const res = await a.call('editor', 'GET', `/api/posts?limit=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ id: number }>).map((entry) => entry.id);
    };
    const scores = await a.call('admin', 'GET', `/api/seo/scores?ids=${fine.id},${poor.id}`);
    const rating = new Map(
      (scores.json().data as Array<{ entry_id: number; rating: string }>).map((row) => [
        row.entry_id,
        row.rating,
      ]),
    );
    expect(rating.get(fine.id)).toBe('good');
    const lower = rating.get(poor.id);
    expect(['improve', 'problem']).toContain(lower);
    const rated = await ids(`filter=seo.rating:${lower}`);
    expect(rated).toContain(poor.id);
    expect(rated).not.toContain(fine.id);
    const good = await ids('filter=seo.rating:good');
    expect(good).toContain(fine.id);
    expect(good).not.toContain(poor.id);
    // The filter combines with the others: the search narrows it again.
    expect(await ids(`filter=seo.rating:${lower}&q=moorings`)).toEqual([poor.id]);
    const unknown = await a.call('editor', 'GET', '/api/posts?filter=seo.rating:great');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.filter[0]).toContain('good, improve, problem');
    // Where the plugin is off, its filter is refused rather than ignored.
    const elsewhere = await b.call('editor', 'GET', '/api/posts?filter=seo.rating:good');
    expect(elsewhere.statusCode).toBe(422);
    expect((await a.call('editor', 'GET', '/api/posts?filter=seo.rating')).statusCode).toBe(422);
  });

  it('has its fields written and read by AI clients through the entry tools (MCP)', async () => {
    // An MCP client reaches the server by address: a site of that host, the plugin on.
    const local = await seedContentSite(t.app, t.runtime, '127.0.0.1');
    await setActive(local, true);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const client = new Client({ name: 'seo-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${local.users.editor.token}` } },
      }),
    );
    try {
      const tools = await client.listTools();
      const create = tools.tools.find((tool) => tool.name === 'post_create');
      expect(JSON.stringify(create?.inputSchema)).toContain('seo.description');
      const created = await client.callTool({
        name: 'post_create',
        arguments: {
          title: 'Written by an agent',
          fields: { 'seo.description': 'Set over MCP.', 'seo.noindex': true },
        },
      });
      expect(created.isError, JSON.stringify(created)).not.toBe(true);
      const id = (created.structuredContent as { data: { id: number } }).data.id;
      const read = await client.callTool({ name: 'post_get', arguments: { id } });
      expect(
        (read.structuredContent as { data: { fields: Record<string, unknown> } }).data.fields,
      ).toMatchObject({
        'seo.description': 'Set over MCP.',
        'seo.noindex': true,
      });
    } finally {
      await client.close();
    }
  });

  it('shows its settings on the sites where it is active only', async () => {
    const groups = async (site: ContentSite) =>
      Object.keys((await site.call('admin', 'GET', '/api/settings')).json().data);
    expect(await groups(a)).toContain('seo');
    expect(await groups(b)).not.toContain('seo');
    const schemas = (await a.call('admin', 'GET', '/api/settings/schemas')).json().data;
    expect(schemas.seo).toMatchObject({ owner: 'seo' });
  });

  it('edits robots.txt, refusing lines crawlers would not read, and discourages search engines when asked', async () => {
    const bad = await a.call('admin', 'PUT', '/api/settings/seo', {
      robots_txt: 'User-agent: *\nDisalow: /private/',
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('Line 2');
    expect((await visit(a, '/robots.txt')).body).toContain('Disallow: /admin/');

    await settle(a, { robots_txt: 'User-agent: *\nDisallow: /private/\n' });
    const robots = (await visit(a, '/robots.txt')).body;
    expect(robots).toBe('User-agent: *\nDisallow: /private/\n\nSitemap: http://seo-a.test/sitemap.xml\n');
    // Another site, where the plugin is off: Tessera's own.
    expect((await visit(b, '/robots.txt')).body).toContain('Disallow: /admin/');

    await settle(a, { discourage_search_engines: true });
    expect((await visit(a, '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await visit(a, '/')).body).toContain('<meta name="robots" content="noindex"/>');
    await settle(a, { discourage_search_engines: false, robots_txt: '' });
    expect((await visit(a, '/')).body).not.toContain('name="robots"');
  });

  it('leaves the types and taxonomies it is told to out of the sitemaps, which stay valid', async () => {
    await settle(a, {
      sitemaps: { exclude_types: ['page'], exclude_taxonomies: ['category'], images: false },
    });
    await t.runtime.caches.clear('sitemaps');
    const index = (await visit(a, '/sitemap.xml')).body;
    expectValid(index);
    expect(index).not.toContain('sitemap-page-1.xml');
    expect(index).not.toContain('sitemap-tax-category-1.xml');
    expect(index).toContain('sitemap-post-1.xml');
    expect((await visit(a, '/sitemap-page-1.xml')).statusCode).toBe(404);
    const posts = (await visit(a, '/sitemap-post-1.xml')).body;
    expectValid(posts);
    expect(posts).toContain('/tides-of-december');
    expect(posts).not.toContain('<image:image>');
    await settle(a, { sitemaps: { exclude_types: [], exclude_taxonomies: [], images: true } });
  });

  it('switched off, gives the core’s head back and keeps the fields’ values for when it returns', async () => {
    const post = await publish(a, 'posts', {
      title: 'Harbour lights',
      content: '<p>Lit at dusk.</p>',
      fields: { 'seo.title': 'Lights on the harbour {{sep}} {{site}}' },
    });
    expect(titleOf((await visit(a, post.url)).body)).toBe('Lights on the harbour – Harbour Journal');
    await setActive(a, false);
    const html = (await visit(a, post.url)).body;
    expect(titleOf(html)).toBe('Harbour lights – Harbour Journal');
    expect(jsonLd(html)).toEqual([]);
    expect((await visit(a, '/robots.txt')).body).toContain('Disallow: /admin/');
    await setActive(a, true);
    expect(titleOf((await visit(a, post.url)).body)).toBe('Lights on the harbour – Harbour Journal');
  });
});
