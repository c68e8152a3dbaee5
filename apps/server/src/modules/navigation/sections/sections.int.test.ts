import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});

afterAll(async () => {
  await t.close();
});

const visit = (site: ContentSite, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host } });
const headerOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
const footerOf = (html: string) => html.slice(html.indexOf('<footer'));

const headerTree = (text: string) => [
  {
    type: 'section',
    props: {},
    children: [
      { type: 'heading', props: { text, level: 2 } },
      { type: 'menu', props: { location: 'primary' } },
      { type: 'paragraph', props: { content: '<p>Fresh fish daily.</p><script>steal()</script>' } },
    ],
  },
];

describe('global header and footer sections', () => {
  it('are kept by those who manage widgets, per site, and start empty with the theme’s own showing', async () => {
    expect((await a.call('editor', 'GET', '/api/sections')).statusCode).toBe(403);
    expect(
      (await a.call('editor', 'PUT', '/api/sections/header', { version: 0, blocks: [] })).statusCode,
    ).toBe(403);
    const listed = await a.call('admin', 'GET', '/api/sections');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ area: 'header', draft: [], published: null, version: 0, changed: false }),
      expect.objectContaining({ area: 'footer', draft: [], published: null, version: 0, changed: false }),
    ]);
    expect((await a.call('admin', 'GET', '/api/sections/sidebar')).statusCode).toBe(422);
    expect((await a.call('admin', 'POST', '/api/sections/header/publish', { version: 0 })).statusCode).toBe(
      404,
    );
    expect(headerOf((await visit(a, '/')).body)).toContain('class="tb-brand"');
  });

  it('saves a validated draft, publishes it to every page, refuses a stale version and restores revisions', async () => {
    // A bad tree: 422 with the path of the fault, and nothing stored.
    const bad = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 0,
      blocks: [{ type: 'heading', props: { level: 9 } }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'blocks[0].props.level': [expect.any(String)] });
    expect((await a.call('admin', 'GET', '/api/sections/header')).json().data.version).toBe(0);

    const home = await visit(a, '/');
    expect(home.statusCode).toBe(200);
    const saved = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 0,
      blocks: headerTree('Harbour Café'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ area: 'header', version: 1, published: null, changed: true });
    expect(JSON.stringify(saved.json().data.draft)).not.toContain('steal()');
    // A draft changes no page.
    expect(headerOf((await visit(a, '/')).body)).not.toContain('Harbour Café');

    const menu = await a.call('admin', 'POST', '/api/menus', { name: 'Main', location: 'primary' });
    await a.call('admin', 'POST', `/api/menus/${menu.json().data.id}/items`, {
      kind: 'custom',
      url: 'https://example.org/boats',
      label: 'Boats',
    });

    expect((await a.call('admin', 'POST', '/api/sections/header/publish', { version: 0 })).statusCode).toBe(
      409,
    );
    const published = await a.call('admin', 'POST', '/api/sections/header/publish', { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ version: 2, changed: false });

    // Every page shows it in place of the theme's header, the cached home page included, with the
    // menu of its menu block and its styles in the page's stylesheet.
    const created = await a.call('editor', 'POST', '/api/posts', { title: 'Low tide' });
    const post = await a.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
    for (const url of ['/', post.json().data.url, '/search?q=tide', '/nowhere']) {
      const page = await visit(a, url);
      const header = headerOf(page.body);
      expect(header, url).toContain('<h2');
      expect(header, url).toContain('Harbour Café');
      expect(header, url).toContain('>Boats</a>');
      expect(header, url).toContain('Fresh fish daily.');
      expect(header, url).not.toContain('tb-brand');
      expect(page.body).not.toContain('steal()');
    }
    // Another site keeps its theme's header.
    expect(headerOf((await visit(b, '/')).body)).toContain('tb-brand');
    expect((await b.call('admin', 'GET', '/api/sections/header')).json().data.version).toBe(0);

    // Someone saving from an old version is told, and the header is unchanged.
    const stale = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 1,
      blocks: headerTree('Lost update'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect(JSON.stringify((await a.call('admin', 'GET', '/api/sections/header')).json().data)).not.toContain(
      'Lost update',
    );

    const second = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 2,
      blocks: headerTree('Harbour Bistro'),
    });
    expect(second.json().data).toMatchObject({ version: 3, changed: true });
    expect(headerOf((await visit(a, '/')).body)).toContain('Harbour Café');

    const revisions = await a.call('admin', 'GET', '/api/sections/header/revisions');
    expect(revisions.statusCode, revisions.body).toBe(200);
    expect(revisions.json().meta.total).toBe(3);
    expect(revisions.json().data.map((revision: { kind: string }) => revision.kind)).toEqual([
      'draft',
      'published',
      'draft',
    ]);
    const first = revisions.json().data[2];
    expect(
      (await b.call('admin', 'POST', `/api/sections/header/revisions/${first.id}/restore`)).statusCode,
    ).toBe(404);
    const restored = await a.call('admin', 'POST', `/api/sections/header/revisions/${first.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ version: 4, changed: false });
    expect(JSON.stringify(restored.json().data.draft)).toContain('Harbour Café');
    expect((await a.call('admin', 'GET', '/api/sections/header/revisions')).json().meta.total).toBe(4);

    // Unpublished: the theme's header again, the draft kept.
    const off = await a.call('admin', 'POST', '/api/sections/header/unpublish', { version: 4 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ published: null, version: 5 });
    expect(off.json().data.draft).toHaveLength(1);
    expect(headerOf((await visit(a, '/')).body)).toContain('tb-brand');

    const log = await a.call('admin', 'GET', '/api/activity?subject_type=section');
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['section.saved', 'section.published', 'section.unpublished']),
    );
  });

  it('a footer section replaces the theme’s credits; the footer widgets stay', async () => {
    const widget = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: { type: 'paragraph', props: { content: '<p>Open every day.</p>' } },
    });
    expect(widget.statusCode, widget.body).toBe(201);
    const saved = await a.call('admin', 'PUT', '/api/sections/footer', {
      version: 0,
      blocks: [
        {
          type: 'columns',
          props: {},
          children: [
            {
              type: 'container',
              props: {},
              children: [{ type: 'paragraph', props: { content: '<p>© Harbour Café, Quay 4</p>' } }],
            },
            { type: 'container', props: {}, children: [{ type: 'social', props: {} }] },
          ],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await a.call('admin', 'POST', '/api/sections/footer/publish', { version: 1 })).statusCode).toBe(
      200,
    );
    const page = await visit(a, '/');
    const footer = footerOf(page.body);
    expect(footer).toContain('Open every day.');
    expect(footer).toContain('© Harbour Café, Quay 4');
    // The theme's credit line (© and the site's name) is gone.
    expect(footer).not.toMatch(/<p>© (?!Harbour)/);
    // Its responsive columns come as CSS in the page's one stylesheet, under classes of its own.
    expect(page.body).toMatch(/<style>[^<]*\.tb-f-\d/);
  });
});
