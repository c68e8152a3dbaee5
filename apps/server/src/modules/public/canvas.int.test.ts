import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedToken } from '../../../test/identity-fixtures.js';
import { CommentsRepo } from '../comments/repo.js';
import { CANVAS_MAX_LIST_ENTRIES, CANVAS_MAX_LISTS } from './canvas-work.js';
import { installTheme, themesOf } from './themes/admin.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let work: string;
/** A draft page of site a's Editor: what most canvases here render. */
let onPage: { entry_id: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  work = mkdtempSync(join(tmpdir(), 'tessera-canvas-'));
  const page = await a.call('editor', 'POST', '/api/pages', { title: 'Being built' });
  expect(page.statusCode, page.body).toBe(201);
  onPage = { entry_id: page.json().data.id };
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

/** A comment on an entry, written straight to the table: no page is shown here. */
async function comment(site: ContentSite, entryId: number, status: 'approved' | 'pending') {
  const at = new Date().toISOString();
  await new CommentsRepo(t.runtime.data.site(site.siteId)).insert({
    entry_id: entryId,
    parent_id: null,
    depth: 1,
    author_name: 'Reader',
    author_email: 'reader@example.test',
    author_url: null,
    user_id: null,
    ip: null,
    user_agent: null,
    body: 'Nice.',
    status,
    created_at: at,
    updated_at: at,
  });
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
    // Two approved comments are counted, as on the site's own lists; a held one is not.
    for (const status of ['approved', 'approved', 'pending'] as const) await comment(a, second.id, status);
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
        'plugin_blocks',
        'comment_counts',
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
            comments: 2,
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
    // The words for each count the lists show, as the site's pages write them.
    expect(data.comment_counts).toEqual({ '2': '2 comments' });
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

  it("writes the lists' counts of comments in the canvas's language", async () => {
    const both = await b.call('super_admin', 'PUT', `/api/sites/${b.siteId}`, { locales: ['en', 'fr'] });
    expect(both.statusCode, both.body).toBe(200);
    const post = await publish(b, 'posts', { title: 'Un billet', locale: 'fr' });
    await comment(b, post.id, 'approved');
    const draft = await b.call('editor', 'POST', '/api/pages', { title: 'Brouillon' });
    const res = await canvas(b, 'editor', {
      blocks: [{ id: 'news', type: 'latest-posts', props: { count: 1 } }],
      entry_id: draft.json().data.id,
      locale: 'fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lists.news.items[0]).toMatchObject({ id: post.id, comments: 1 });
    expect(res.json().data.comment_counts).toEqual({ '1': '1 commentaire' });
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
    const res = await canvas(b, 'admin', { blocks: [], section: 'header' });
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
    const saved = (await canvas(a, 'editor', { blocks: [], ...onPage })).json().data.tokens as string;
    const previewed = await canvas(a, 'editor', {
      blocks: [],
      ...onPage,
      design: { colors: { primary: '#123456' }, radius: 20 },
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().data.tokens).toContain('#123456');
    expect(previewed.json().data.tokens).not.toBe(saved);
    const refused = await canvas(a, 'editor', {
      blocks: [],
      ...onPage,
      design: { colors: { primary: 'red' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['design.colors.primary']);
    // Nothing was stored: the next canvas and the site have the saved tokens.
    expect((await canvas(a, 'editor', { blocks: [], ...onPage })).json().data.tokens).toBe(saved);
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
      ...onPage,
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
      const refused = await canvas(a, 'editor', { blocks, ...onPage });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['blocks']);
    }
    expect((await canvas(a, 'editor', onPage)).json().errors).toHaveProperty('blocks');
    // The API takes a lone value for a list of one (ajv's coerceTypes): one node that is no block.
    const lone = await canvas(a, 'editor', { blocks: 'nope', ...onPage });
    expect(lone.statusCode, lone.body).toBe(200);
    expect(lone.json().data).toMatchObject({ media: [], lists: {}, patterns: {} });
    const heading = (i: number) => ({ id: `h${i}`, type: 'heading', props: {} });
    const tooMany = [
      Array.from({ length: 2001 }, (_, i) => heading(i)),
      [{ id: 's', type: 'section', props: {}, children: Array.from({ length: 2000 }, (_, i) => heading(i)) }],
    ];
    for (const blocks of tooMany) {
      const refused = await canvas(a, 'editor', { blocks, ...onPage });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ blocks: ['A tree holds at most 2000 blocks.'] });
    }
    expect((await canvas(a, 'editor', { blocks: tooMany[0]?.slice(1), ...onPage })).statusCode).toBe(200);
  });
});

/** `n` content lists of `count` entries each. */
const contentLists = (n: number, count = 6) =>
  Array.from({ length: n }, (_, i) => ({ id: `list${i}`, type: 'content-list', props: { count } }));

describe('who may ask for a canvas', () => {
  it('needs the right to edit the page, pattern or section it renders, as a save of it does', async () => {
    const admins = await a.call('admin', 'POST', '/api/pages', { title: "The admin's page" });
    const theirPage = { entry_id: admins.json().data.id as number };
    const post = await a.call('contributor', 'POST', '/api/posts', { title: 'My draft' });
    const pattern = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Hero',
      blocks: [{ type: 'heading', props: { text: 'Welcome' } }],
    });
    expect(pattern.statusCode, pattern.body).toBe(201);
    const onPattern = { pattern_id: pattern.json().data.id as number };
    const asking = (caller: Caller, subject: object) => canvas(a, caller, { blocks: [], ...subject });
    const denied = async (caller: Caller, subject: object) => {
      const res = await asking(caller, subject);
      expect(res.statusCode, `${caller} ${JSON.stringify(subject)}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
      expect(res.json().data).toBeUndefined();
    };

    // Pages: pages.edit for one's own, pages.edit_others for another's.
    expect((await asking('editor', theirPage)).statusCode).toBe(200);
    await denied('contributor', onPage);
    await denied('author', theirPage);
    // Any entry by its own type's rules: a Contributor edits their own draft post.
    expect((await asking('contributor', { entry_id: post.json().data.id })).statusCode).toBe(200);
    await denied('contributor', theirPage);
    // Patterns need patterns.manage, the header and footer widgets.manage.
    expect((await asking('editor', onPattern)).statusCode).toBe(200);
    await denied('author', onPattern);
    expect((await asking('admin', { section: 'footer' })).statusCode).toBe(200);
    await denied('editor', { section: 'header' });
    const missing = await asking('editor', { pattern_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('pattern_not_found');

    // A token narrowed to no permission at all, of a user who could.
    const bare = await seedToken(t.runtime, a.users.editor.id, [], null, a.siteId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/builder/canvas',
      headers: { host: a.host, ...bearer(bare) },
      payload: { blocks: contentLists(3), ...onPage },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });

  it('must be told what it renders, one thing', async () => {
    const none = await canvas(a, 'editor', { blocks: [] });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors).sort()).toEqual(['entry_id', 'pattern_id', 'section']);
    const two = await canvas(a, 'admin', { blocks: [], ...onPage, section: 'header' });
    expect(two.statusCode).toBe(422);
    expect(Object.keys(two.json().errors).sort()).toEqual(['entry_id', 'section']);
  });
});

describe('what one canvas may cost', () => {
  it(`resolves at most ${CANVAS_MAX_LISTS} lists and ${CANVAS_MAX_LIST_ENTRIES} entries, refusing more before any query`, async () => {
    const within = await canvas(a, 'editor', { blocks: contentLists(CANVAS_MAX_LISTS), ...onPage });
    expect(within.statusCode, within.body).toBe(200);
    expect(Object.keys(within.json().data.lists)).toHaveLength(CANVAS_MAX_LISTS);

    const many = await canvas(a, 'editor', { blocks: contentLists(CANVAS_MAX_LISTS + 1), ...onPage });
    expect(many.statusCode).toBe(422);
    expect(many.json().code).toBe('canvas_too_costly');
    expect(many.json().errors).toEqual({
      blocks: [
        `A canvas shows at most ${CANVAS_MAX_LISTS} list blocks (latest posts, content lists); this one has ${CANVAS_MAX_LISTS + 1}.`,
      ],
    });
    const large = Math.floor(CANVAS_MAX_LIST_ENTRIES / 50) + 1;
    const entries = await canvas(a, 'editor', { blocks: contentLists(large, 50), ...onPage });
    expect(entries.statusCode).toBe(422);
    expect(entries.json().errors.blocks[0]).toContain(`at most ${CANVAS_MAX_LIST_ENTRIES} entries`);

    // A synced pattern's lists count as the tree's.
    const pattern = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Listing',
      synced: true,
      blocks: contentLists(CANVAS_MAX_LISTS),
    });
    expect(pattern.statusCode, pattern.body).toBe(201);
    const placed = await canvas(a, 'editor', {
      blocks: [
        { id: 'p', type: 'pattern', props: { pattern_id: pattern.json().data.id } },
        { id: 'own', type: 'latest-posts', props: {} },
      ],
      ...onPage,
    });
    expect(placed.statusCode).toBe(422);
    expect(placed.json().code).toBe('canvas_too_costly');
  });

  describe('against the rate limit', () => {
    let limited: TestContext;
    let site: ContentSite;
    let page: { entry_id: number };
    beforeAll(async () => {
      limited = await createTestApp({ RATE_LIMIT_GENERAL: '60' });
      site = await seedContentSite(limited.app, limited.runtime, 'limited.test');
      const created = await site.call('editor', 'POST', '/api/pages', { title: 'Costly' });
      page = { entry_id: created.json().data.id };
    });
    afterAll(() => limited.close());

    it('spends one request more for each list, so a canvas of thousands of lists gets 429', async () => {
      const flood = await site.call('editor', 'POST', '/api/builder/canvas', {
        blocks: contentLists(2_000),
        ...page,
      });
      expect(flood.statusCode, flood.body).toBe(429);
      expect(flood.json().code).toBe('rate_limited');
      expect(flood.headers['x-ratelimit-remaining']).toBe('0');
      expect(flood.headers['retry-after']).toBeDefined();
      // The budget is spent: the next canvas, however cheap, waits too.
      expect(
        (await site.call('editor', 'POST', '/api/builder/canvas', { blocks: [], ...page })).statusCode,
      ).toBe(429);

      // 15 lists: the request and 15 more, 16 of the 60 a minute.
      const remaining: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await site.call('admin', 'POST', '/api/builder/canvas', {
          blocks: contentLists(15),
          ...page,
        });
        remaining.push(`${res.statusCode} ${res.headers['x-ratelimit-remaining']}`);
      }
      expect(remaining).toEqual(['200 44', '200 28', '200 12', '429 0']);
    });
  });
});
