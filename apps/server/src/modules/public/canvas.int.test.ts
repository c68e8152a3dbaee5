import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer } from '../../../test/identity-fixtures.js';
import { installTheme, themesOf } from './themes/admin.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let work: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  work = mkdtempSync(join(tmpdir(), 'tessera-canvas-'));
});

afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const canvas = (site: ContentSite, caller: Caller, body: unknown) =>
  site.call(caller, 'POST', '/api/builder/canvas', body);

const visit = (site: ContentSite, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host } });

async function upload(site: ContentSite, name: string) {
  const res = await sendUpload(
    t.app,
    site,
    'editor',
    { name, data: await phoneJpeg(400, 300) },
    { alt_text: `Alt of ${name}` },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    url: string;
    width: number;
    height: number;
    variants: Record<string, { url: string; width: number; height: number }>;
  };
}

async function publish(site: ContentSite, kind: 'posts' | 'pages', body: Record<string, unknown>) {
  const created = await site.call('editor', 'POST', `/api/${kind}`, body);
  expect(created.statusCode, created.body).toBe(201);
  const published = await site.call('editor', 'POST', `/api/${kind}/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { id: number; slug: string; url: string; published_at: string };
}

describe('the builder canvas', () => {
  it("gives an unsaved tree's media, lists, synced patterns, menus and trail, as visitors see them", async () => {
    await a.call('admin', 'PUT', '/api/settings/general', {
      title: 'Harbour Café',
      time_zone: 'Europe/Lisbon',
    });
    const photo = await upload(a, 'photo.jpg');
    const cover = await upload(a, 'cover.jpg');
    const badge = await upload(a, 'badge.jpg');
    const first = await publish(a, 'posts', { title: 'First harvest', featured_media_id: cover.id });
    const second = await publish(a, 'posts', { title: 'Second harvest', excerpt: 'Apples.' });
    const pattern = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Booking',
      synced: true,
      blocks: [
        { type: 'heading', props: { text: 'Hungry?' } },
        { type: 'image', props: { media_id: badge.id } },
      ],
    });
    expect(pattern.statusCode, pattern.body).toBe(201);
    const patternId = pattern.json().data.id as number;
    const about = await publish(a, 'pages', { title: 'About' });
    // The page being edited: a draft under a published page.
    const team = await a.call('editor', 'POST', '/api/pages', { title: 'Team', parent_id: about.id });
    expect(team.statusCode, team.body).toBe(201);
    const menu = await a.call('admin', 'POST', '/api/menus', { name: 'Main', location: 'primary' });
    expect(menu.statusCode, menu.body).toBe(201);
    for (const item of [
      { kind: 'entry', entry_id: about.id },
      { kind: 'custom', url: 'https://shop.example', label: 'Shop', target: '_blank' },
    ])
      expect(
        (await a.call('admin', 'POST', `/api/menus/${menu.json().data.id}/items`, item)).statusCode,
      ).toBe(201);

    const res = await canvas(a, 'editor', {
      blocks: [
        {
          id: 'top',
          type: 'section',
          props: {},
          children: [{ id: 'hero', type: 'image', props: { media_id: photo.id } }],
        },
        { id: 'news', type: 'latest-posts', props: { count: 2 } },
        { id: 'cta', type: 'pattern', props: { pattern_id: patternId } },
      ],
      entry_id: team.json().data.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'stylesheet',
        'tokens',
        'lang',
        'time_zone',
        'site',
        'trail',
        'media',
        'lists',
        'patterns',
        'menus',
      ].sort(),
    );
    expect(data.stylesheet).toMatch(/^\/theme\/default\.[0-9a-f]{12}\.css$/);
    expect(data.lang).toBe('en');
    expect(data.time_zone).toBe('Europe/Lisbon');
    expect(data.site).toEqual({ name: 'Harbour Café', logo_url: null, home_url: '/' });
    expect(data.trail).toEqual([
      { label: 'About', url: '/about' },
      { label: 'Team', url: '/about/team' },
    ]);
    // The image's, the listed post's featured image and the synced pattern's.
    expect(data.media.map((item: { id: number }) => item.id).sort()).toEqual(
      [photo.id, cover.id, badge.id].sort((x, y) => x - y),
    );
    const shown = data.media.find((item: { id: number }) => item.id === photo.id);
    expect(shown).toEqual({
      id: photo.id,
      url: photo.url,
      alt: 'Alt of photo.jpg',
      width: photo.width,
      height: photo.height,
      variants: Object.fromEntries(
        Object.entries(photo.variants).map(([name, variant]) => [
          name,
          { url: variant.url, width: variant.width, height: variant.height },
        ]),
      ),
      credit: null,
    });
    expect(data.lists).toEqual({
      news: {
        page: 1,
        pages: 1,
        items: [
          {
            id: second.id,
            title: 'Second harvest',
            url: second.url,
            excerpt: 'Apples.',
            published_at: second.published_at,
            author: expect.any(String),
            image: null,
          },
          {
            id: first.id,
            title: 'First harvest',
            url: first.url,
            excerpt: '',
            published_at: first.published_at,
            author: expect.any(String),
            image: cover.id,
          },
        ],
      },
    });
    expect(Object.keys(data.patterns)).toEqual([String(patternId)]);
    expect(data.patterns[patternId].map((block: { type: string }) => block.type)).toEqual([
      'heading',
      'image',
    ]);
    expect(data.menus).toEqual({
      primary: [
        { label: 'About', url: '/about', target: '_self', rel: '', className: '', children: [] },
        {
          label: 'Shop',
          url: 'https://shop.example',
          target: '_blank',
          rel: expect.any(String),
          className: '',
          children: [],
        },
      ],
    });
    // The stylesheet and tokens are the ones the site's pages use.
    const home = (await visit(a, '/')).body;
    expect(home).toContain(`<link rel="stylesheet" href="${data.stylesheet}"/>`);
    expect(data.tokens).not.toBe('');
    expect(home).toContain(`<style>${data.tokens}</style>`);
    const css = await visit(a, data.stylesheet);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it("loads the site's theme, so its stylesheet answers before any page has been shown", async () => {
    const folder = join(work, 'lagoon');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'tessera-theme-lagoon',
        version: '1.0.0',
        tessera: {
          theme: 'lagoon',
          title: 'Lagoon',
          stylesheet: 'style.css',
          design_tokens: { colors: { primary: '#0b6e4f' } },
        },
      }),
    );
    writeFileSync(join(folder, 'style.css'), 'body{background:#e8f4f2}');
    await installTheme(t.runtime, folder);
    expect((await b.call('admin', 'PUT', '/api/themes/active', { name: 'lagoon' })).statusCode).toBe(200);
    // As after a restart: the theme is installed, not yet loaded.
    themesOf(t.runtime).forget('lagoon');
    const res = await canvas(b, 'author', { blocks: [] });
    expect(res.statusCode, res.body).toBe(200);
    const { stylesheet, tokens } = res.json().data;
    expect(stylesheet).toMatch(/^\/theme\/lagoon\.[0-9a-f]{12}\.css$/);
    expect(tokens).toContain('#0b6e4f');
    const css = await visit(b, stylesheet);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe('body{background:#e8f4f2}');
    expect((await visit(b, '/')).body).toContain(`<style>${tokens}</style>`);
  });

  it('previews design tokens not saved, checked as a save would be, and keeps the saved ones', async () => {
    const saved = (await canvas(a, 'editor', { blocks: [] })).json().data.tokens as string;
    const previewed = await canvas(a, 'editor', {
      blocks: [],
      design: { colors: { primary: '#123456' }, radius: 20 },
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().data.tokens).toContain('#123456');
    expect(previewed.json().data.tokens).not.toBe(saved);
    const refused = await canvas(a, 'editor', { blocks: [], design: { colors: { primary: 'red' } } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['design.colors.primary']);
    // Nothing was stored: the next canvas and the site have the saved tokens.
    expect((await canvas(a, 'editor', { blocks: [] })).json().data.tokens).toBe(saved);
  });

  it('answers only members of the site, and names only entries they may read', async () => {
    const draft = await a.call('editor', 'POST', '/api/pages', { title: 'Secret plans' });
    expect((await canvas(a, 'anonymous', { blocks: [] })).statusCode).toBe(401);
    // Another site's user, with their token, on this site.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/builder/canvas',
      headers: { host: a.host, ...bearer(b.users.editor.token) },
      payload: { blocks: [], entry_id: draft.json().data.id },
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().data).toBeUndefined();
    // On their own site, this site's entries are not there.
    const elsewhere = await canvas(b, 'editor', { blocks: [], entry_id: draft.json().data.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Secret plans');
    // The trail names a draft: only to those who may read it.
    const outsider = await canvas(a, 'outsider', { blocks: [], entry_id: draft.json().data.id });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain('Secret plans');
  });

  it('reads a half-edited tree loosely, and refuses what is no tree or too big a one', async () => {
    const photo = await upload(a, 'loose.jpg');
    const res = await canvas(a, 'editor', {
      locale: 'xx',
      blocks: [
        null,
        3,
        'heading',
        [],
        { type: 5, children: [{ id: 'lost', type: 'image', props: { media_id: photo.id } }] },
        { id: 'i1', type: 'image', props: 'x' },
        { id: 'i2', type: 'image', props: { media_id: 2 ** 31 } },
        { id: 'g', type: 'gallery', props: { images: [{ media_id: 1e300 }] } },
        { id: 'p', type: 'pattern', props: { pattern_id: 1e300 } },
        { id: 'l1', type: 'content-list', props: { authorId: 2 ** 40 } },
        { id: 'l2', type: 'latest-posts', props: { count: 'many' } },
        { id: 7, type: 'latest-posts', props: {} },
        { id: 'u', type: 'no-such-block', props: {}, children: { not: 'a list' } },
        { id: 'none', type: 'content-list', props: { contentType: 'nothing_here' } },
        {
          id: 's',
          type: 'section',
          props: { padding: 'huge' },
          children: [{ id: 'inner', type: 'image', props: { media_id: photo.id } }, { type: null }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.lang).toBe('en');
    expect(data.media.map((item: { id: number }) => item.id)).toEqual([photo.id]);
    expect(data.lists).toEqual({ none: { items: [], page: 1, pages: 1 } });
    expect(data.patterns).toEqual({});

    for (const blocks of [{ type: 'heading', props: {} }, {}]) {
      const refused = await canvas(a, 'editor', { blocks });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['blocks']);
    }
    expect((await canvas(a, 'editor', {})).json().errors).toHaveProperty('blocks');
    // The API takes a lone value for a list of one (ajv's coerceTypes): one node that is no block.
    const lone = await canvas(a, 'editor', { blocks: 'nope' });
    expect(lone.statusCode, lone.body).toBe(200);
    expect(lone.json().data).toMatchObject({ media: [], lists: {}, patterns: {} });
    const heading = (i: number) => ({ id: `h${i}`, type: 'heading', props: {} });
    const tooMany = [
      Array.from({ length: 2001 }, (_, i) => heading(i)),
      [{ id: 's', type: 'section', props: {}, children: Array.from({ length: 2000 }, (_, i) => heading(i)) }],
    ];
    for (const blocks of tooMany) {
      const refused = await canvas(a, 'editor', { blocks });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ blocks: ['A tree holds at most 2000 blocks.'] });
    }
    expect((await canvas(a, 'editor', { blocks: tooMany[0]?.slice(1) })).statusCode).toBe(200);
  });
});
