import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { readJson, writeJson } from '../../core/db/engine.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});

afterAll(async () => {
  await t.close();
});

const visit = (site: ContentSite, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host, ...headers } });

async function publish(site: ContentSite, area: 'posts' | 'pages', body: Record<string, unknown>) {
  const created = await site.call('editor', 'POST', `/api/${area}`, body);
  expect(created.statusCode, created.body).toBe(201);
  const published = await site.call('editor', 'POST', `/api/${area}/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data;
}

describe('the public site', () => {
  it('serves a published post at its dated URL, with its head tags, byline and featured image', async () => {
    const uploaded = await sendUpload(
      t.app,
      a,
      'editor',
      { name: 'lighthouse.jpg', data: await phoneJpeg(400, 300) },
      {
        alt_text: 'A lighthouse at dusk',
      },
    );
    const media = uploaded.json().data;
    const post = await publish(a, 'posts', {
      title: 'Harbour <news> & "notes"',
      excerpt: 'What happened at the harbour this week.',
      featured_media_id: media.id,
      fields: { content: '<p>The <strong>lighthouse</strong> was repainted.</p><script>alert(1)</script>' },
    });
    const published = new Date(post.published_at);
    const url = `/${published.getUTCFullYear()}/${String(published.getUTCMonth() + 1).padStart(2, '0')}/${post.slug}`;

    const res = await visit(a, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Harbour &lt;news&gt; &amp; &quot;notes&quot; – Site a.test</title>');
    expect(html).toContain('<meta name="description" content="What happened at the harbour this week."/>');
    expect(html).toContain(`<link rel="canonical" href="http://a.test${url}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:image" content="http://a.test${media.variants.large.url}"/>`);
    expect(html).toContain('<strong>lighthouse</strong> was repainted.');
    expect(html).not.toContain('<script');
    // HTML attribute names are case-insensitive: React writes srcSet, browsers read srcset.
    expect(html).toContain(`srcSet="${media.variants.medium.url} 300w" sizes=`);
    expect(html).toContain('alt="A lighthouse at dusk"');
    expect(html).toMatch(/Published [A-Z][a-z]+ \d{1,2}, \d{4} · By /);

    const etag = String(res.headers.etag);
    expect((await visit(a, url, { 'if-none-match': etag })).statusCode).toBe(304);
    // A variant of the address goes to the canonical one.
    const slash = await visit(a, `${url}/`);
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe(url);
    // The home page lists it.
    const home = await visit(a, '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<a href="${url}">Harbour &lt;news&gt; &amp; &quot;notes&quot;</a>`);
    // Another site's host knows nothing of it.
    expect((await visit(b, url)).statusCode).toBe(404);
  });

  it('serves pages by their path, follows slug and parent changes with 301, and hides what is not published', async () => {
    const about = await publish(a, 'pages', { title: 'About us' });
    const team = await publish(a, 'pages', { title: 'Team', parent_id: about.id });
    expect((await visit(a, '/about-us/team')).statusCode).toBe(200);
    expect((await visit(a, '/about-us')).body).toContain('<h1>About us</h1>');

    const moved = await a.call('editor', 'PUT', `/api/pages/${about.id}`, {
      version: about.version,
      slug: 'who-we-are',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await a.call('editor', 'POST', `/api/pages/${about.id}/publish`, {});
    const old = await visit(a, '/about-us/team');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/who-we-are/team');
    expect((await visit(a, '/who-we-are/team')).statusCode).toBe(200);

    const draft = await a.call('editor', 'POST', '/api/pages', { title: 'Secret plans' });
    expect(draft.statusCode).toBe(201);
    const hidden = await visit(a, '/secret-plans');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hidden.body).toContain('<meta name="robots" content="noindex"/>');
    expect(hidden.body).toContain('Page not found');

    await a.call('editor', 'DELETE', `/api/pages/${team.id}`);
    expect((await visit(a, '/who-we-are/team')).statusCode).toBe(404);
  });

  it('shows a chosen page on the home page, and leaves API paths to the API', async () => {
    const welcome = await publish(b, 'pages', { title: 'Welcome' });
    await b.call('admin', 'PUT', '/api/settings/reading', {
      show_on_front: 'page',
      front_page_id: welcome.id,
    });
    const home = await visit(b, '/');
    expect(home.body).toContain('<h1>Welcome</h1>');
    expect(home.body).toContain('<link rel="canonical" href="http://b.test/"/>');
    const api = await visit(b, '/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const css = home.body.match(/href="(\/theme\/default\.[0-9a-f]{12}\.css)"/)?.[1];
    const sheet = await visit(b, css ?? '/missing');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.body).toContain('prefers-color-scheme: dark');
  });

  it('keeps rendered pages until what they show changes, after the change commits', async () => {
    const note = await publish(b, 'pages', { title: 'Opening hours' });
    const first = await visit(b, '/opening-hours');
    expect(first.body).toContain('<h1>Opening hours</h1>');
    // Written behind the services' back (no event): the cached page does not know.
    const db = t.runtime.data.site(b.siteId);
    const row = await db
      .selectFrom('entries')
      .select('live')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    const live = { ...readJson<Record<string, unknown>>(row.live, {}), title: 'Changed quietly' };
    await db
      .updateTable('entries')
      .set({ live: writeJson(live) })
      .where('id', '=', note.id)
      .execute();
    expect((await visit(b, '/opening-hours')).body).toContain('<h1>Opening hours</h1>');
    expect((await visit(b, '/opening-hours?utm_source=newsletter')).body).toContain('<h1>Opening hours</h1>');
    // A query string of its own is rendered afresh.
    expect((await visit(b, '/opening-hours?view=print')).body).toContain('<h1>Changed quietly</h1>');

    // A save and a publish through the API reach the page.
    const current = (await b.call('editor', 'GET', `/api/pages/${note.id}`)).json().data;
    await b.call('editor', 'PUT', `/api/pages/${note.id}`, {
      version: current.version,
      title: 'Opening times',
    });
    await b.call('editor', 'POST', `/api/pages/${note.id}/publish`, {});
    expect((await visit(b, '/opening-hours')).body).toContain('<h1>Opening times</h1>');

    // A 404 is kept too, until something is published there.
    expect((await visit(b, '/prices')).statusCode).toBe(404);
    await publish(b, 'pages', { title: 'Prices' });
    expect((await visit(b, '/prices')).statusCode).toBe(200);

    // Settings reach every page of the site.
    await b.call('admin', 'PUT', '/api/settings/general', { title: 'Harbour Café' });
    expect((await visit(b, '/prices')).body).toContain('<title>Prices – Harbour Café</title>');
  });

  it('pages the latest posts and the archives of categories', async () => {
    const c = await seedContentSite(t.app, t.runtime, 'c.test');
    await c.call('admin', 'PUT', '/api/settings/reading', { posts_per_page: 1 });
    await publish(c, 'posts', { title: 'Older news' });
    await publish(c, 'posts', { title: 'Newer news' });

    const home = await visit(c, '/');
    expect(home.body).toContain('Newer news');
    expect(home.body).not.toContain('Older news');
    expect(home.body).toContain('<link rel="next" href="http://c.test/page/2"/>');
    expect(home.body).toContain('Page 1 of 2');
    const second = await visit(c, '/page/2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Older news');
    expect(second.body).toContain('<link rel="prev" href="http://c.test/"/>');
    expect(second.body).toContain('<link rel="canonical" href="http://c.test/page/2"/>');
    expect((await visit(c, '/page/3')).statusCode).toBe(404);
    const first = await visit(c, '/page/1');
    expect(first.statusCode).toBe(301);
    expect(first.headers.location).toBe('/');

    const category = await visit(c, '/category/uncategorized');
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain('<h1>Uncategorized</h1>');
    expect(category.body).toContain('Newer news');
    expect((await visit(c, '/category/uncategorized/page/2')).body).toContain('Older news');
    expect((await visit(c, '/category/nothing-here')).statusCode).toBe(404);
    expect((await visit(c, '/tag/nothing-here')).statusCode).toBe(404);
  });

  it('shows a draft through a preview link to whoever has it, and to nobody else', async () => {
    const draft = await a.call('author', 'POST', '/api/posts', {
      title: 'Embargoed story',
      fields: { content: '<p>Not yet.</p>' },
    });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().data.id;
    expect((await a.call('anonymous', 'POST', '/api/preview-links', { type: 'post', id })).statusCode).toBe(
      401,
    );
    expect((await b.call('editor', 'POST', '/api/preview-links', { type: 'post', id })).statusCode).toBe(404);
    const made = await a.call('author', 'POST', '/api/preview-links', { type: 'post', id, hours: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const { url, expires_at } = made.json().data;
    expect(url).toMatch(/^\/_preview\/[A-Za-z0-9_-]+$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(7_100_000);

    const seen = await visit(a, url);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('<h1>Embargoed story</h1>');
    expect(seen.body).toContain('<meta name="robots" content="noindex"/>');
    expect(seen.body).not.toContain('rel="canonical"');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.headers['x-robots-tag']).toBe('noindex');
    // The draft itself is still not public, another site's host cannot open the link, and a
    // changed token opens nothing.
    expect((await visit(a, '/')).body).not.toContain('Embargoed story');
    expect((await visit(b, url)).statusCode).toBe(404);
    const tampered = `${url.slice(0, -3)}${url.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await visit(a, tampered)).statusCode).toBe(404);
  });

  it("lists and revokes preview links per entry, and a link dies with its creator's access", async () => {
    const p = await seedContentSite(t.app, t.runtime, 'preview-links.test');
    const draft = await p.call('contributor', 'POST', '/api/posts', { title: 'Shared draft' });
    const id = draft.json().data.id;
    const first = (await p.call('contributor', 'POST', '/api/preview-links', { type: 'post', id })).json()
      .data;
    const second = (
      await p.call('editor', 'POST', '/api/preview-links', { type: 'post', id, hours: 168 })
    ).json().data;
    expect((await visit(p, first.url)).statusCode).toBe(200);
    const listed = await p.call('contributor', 'GET', `/api/preview-links?type=post&id=${id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((link: { id: number }) => link.id)).toEqual([second.id, first.id]);
    expect((await p.call('anonymous', 'GET', `/api/preview-links?type=post&id=${id}`)).statusCode).toBe(401);

    // The contributor may not revoke the editor's link; the editor may revoke any.
    const refused = await p.call('contributor', 'DELETE', `/api/preview-links/${second.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await visit(p, second.url)).statusCode).toBe(200);
    expect((await p.call('editor', 'DELETE', `/api/preview-links/${second.id}`)).statusCode).toBe(204);
    const revoked = await visit(p, second.url);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain('Shared draft');
    expect((await p.call('editor', 'DELETE', '/api/preview-links/999999')).statusCode).toBe(404);

    // The contributor's own link stops with their access: removed from the site (here, deleted).
    expect((await p.call('admin', 'DELETE', `/api/users/${p.users.contributor.id}`)).statusCode).toBe(204);
    const orphaned = await visit(p, first.url);
    expect(orphaned.statusCode).toBe(404);
    expect(orphaned.body).not.toContain('Shared draft');
    expect((await p.call('editor', 'GET', `/api/preview-links?type=post&id=${id}`)).json().data).toHaveLength(
      1,
    );
  });

  it('renders the design tokens as CSS custom properties, changed only with patterns.manage', async () => {
    const before = await visit(a, '/');
    expect(before.body).toContain('<style>:root{--tb-font-body:system-ui');
    const editor = await a.call('editor', 'PUT', '/api/settings/design', { colors: { primary: '#aa3300' } });
    expect(editor.statusCode).toBe(403);
    const refused = await a.call('admin', 'PUT', '/api/settings/design', {
      colors: { primary: 'red;}body{display:none' },
    });
    expect(refused.statusCode).toBe(422);
    const set = await a.call('admin', 'PUT', '/api/settings/design', {
      colors: {
        ...(await a.call('admin', 'GET', '/api/settings/design')).json().data.colors,
        primary: '#aa3300',
      },
      dark_colors: {
        ...(await a.call('admin', 'GET', '/api/settings/design')).json().data.dark_colors,
        primary: '#ffb38a',
      },
      font_heading: 'serif',
      radius: 0,
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await visit(a, '/')).body;
    expect(after).toContain('--tb-color-primary:#aa3300;');
    expect(after).toContain('--tb-font-heading:Charter');
    expect(after).toContain('--tb-radius:0px;');
    expect(after).toContain('@media (prefers-color-scheme: dark){:root{--tb-color-primary:#ffb38a;}}');
  });

  it('searches what is published, with a form that needs no script', async () => {
    const d = await seedContentSite(t.app, t.runtime, 'd.test');
    await publish(d, 'posts', {
      title: 'Lantern festival on the harbour',
      fields: { content: '<p>Lanterns everywhere.</p>' },
    });
    await publish(d, 'posts', { title: 'Market day', fields: { content: '<p>Cheese and bread.</p>' } });
    await d.call('editor', 'POST', '/api/posts', { title: 'Secret lantern plans' });

    const home = await visit(d, '/');
    expect(home.body).toContain('<form class="tb-search" role="search" action="/search" method="get">');
    const results = await visit(d, '/search?q=lantern');
    expect(results.statusCode).toBe(200);
    expect(results.body).toContain('1 result for “lantern”');
    expect(results.body).toContain('Lantern festival on the harbour');
    expect(results.body).not.toContain('Secret lantern plans');
    expect(results.body).toContain('<meta name="robots" content="noindex"/>');
    const escaped = await visit(d, '/search?q=%3Cscript%3E');
    expect(escaped.body).not.toContain('<script>');
    expect(escaped.body).toContain('0 results for “&lt;script&gt;”');
    expect((await visit(d, '/search')).body).toContain('<h1>Search</h1>');
  });

  it('follows redirects set by hand, which win over the site, and marks addresses gone', async () => {
    const e = await seedContentSite(t.app, t.runtime, 'e.test');
    await publish(e, 'pages', { title: 'Old offer' });
    expect((await visit(e, '/old-offer')).statusCode).toBe(200);
    expect(
      (await e.call('editor', 'POST', '/api/redirects', { from: '/old-offer', to: '/new-offer' })).statusCode,
    ).toBe(403);
    const made = await e.call('admin', 'POST', '/api/redirects', { from: '/old-offer/', to: '/new-offer' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ from: '/old-offer', to: '/new-offer', status: 301, hits: 0 });
    const followed = await visit(e, '/old-offer');
    expect(followed.statusCode).toBe(301);
    expect(followed.headers.location).toBe('/new-offer');

    const gone = await e.call('admin', 'POST', '/api/redirects', { from: '/closed-shop', status: 410 });
    expect(gone.statusCode, gone.body).toBe(201);
    const answer = await visit(e, '/closed-shop');
    expect(answer.statusCode).toBe(410);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');

    const bad = await e.call('admin', 'POST', '/api/redirects', {
      from: 'no-slash',
      to: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'to']);
    expect(
      (await e.call('admin', 'POST', '/api/redirects', { from: '/old-offer', to: '/x' })).statusCode,
    ).toBe(409);
    expect(
      (await e.call('admin', 'POST', '/api/redirects', { from: '/loop', to: '/loop/' })).statusCode,
    ).toBe(422);

    const list = await e.call('admin', 'GET', '/api/redirects');
    expect(list.json().data.map((r: { from: string; hits: number }) => [r.from, r.hits])).toEqual([
      ['/closed-shop', 1],
      ['/old-offer', 1],
    ]);
    // A redirect moved to another address: the old one serves the page again, the new one redirects.
    const moved = await e.call('admin', 'PUT', `/api/redirects/${made.json().data.id}`, {
      from: '/older-offer',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await visit(e, '/old-offer')).statusCode).toBe(200);
    expect((await visit(e, '/older-offer')).headers.location).toBe('/new-offer');
    await e.call('admin', 'DELETE', `/api/redirects/${made.json().data.id}`);
    expect((await visit(e, '/older-offer')).statusCode).toBe(404);
    // Another site knows nothing of them.
    expect((await visit(a, '/closed-shop')).statusCode).toBe(404);
  });

  it('refuses redirect targets that would break the Location header, and never answers 500 for one', async () => {
    const g = await seedContentSite(t.app, t.runtime, 'redirect-header.test');
    for (const to of [
      '/x\r\nSet-Cookie: pwn=1',
      '/x\nLocation: https://evil.test',
      'https://evil.test/\r\nX: 1',
      '/a b',
    ]) {
      const refused = await g.call('admin', 'POST', '/api/redirects', { from: '/from-here', to });
      expect(refused.statusCode, JSON.stringify(to)).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['to']);
    }
    const badFrom = await g.call('admin', 'POST', '/api/redirects', { from: '/x\r\ny', to: '/there' });
    expect(Object.keys(badFrom.json().errors)).toEqual(['from']);
    expect((await g.call('admin', 'GET', '/api/redirects')).json().data).toEqual([]);

    // A target stored before these checks (or written past them) is sent encoded, not as a 500.
    const accented = await g.call('admin', 'POST', '/api/redirects', { from: '/accents', to: '/café-ℕ' });
    expect(accented.statusCode, accented.body).toBe(201);
    expect((await visit(g, '/accents')).headers.location).toBe('/caf%C3%A9-%E2%84%95');
    await t.runtime.data
      .site(g.siteId)
      .updateTable('redirects')
      .set({ to_url: '/x\r\nSet-Cookie: pwn=1' })
      .where('from_path', '=', '/accents')
      .execute();
    t.runtime.caches.forget('redirects', g.siteId);
    const followed = await visit(g, '/accents');
    expect(followed.statusCode).toBe(301);
    expect(followed.headers.location).toBe('/x%0D%0ASet-Cookie:%20pwn=1');
    expect(followed.headers['set-cookie']).toBeUndefined();
  });

  it('renders image and gallery blocks from the media library, and records their use', async () => {
    const f = await seedContentSite(t.app, t.runtime, 'f.test');
    const upload = async (name: string) =>
      (
        await sendUpload(
          t.app,
          f,
          'editor',
          { name, data: await phoneJpeg(400, 300) },
          { alt_text: `Alt of ${name}` },
        )
      ).json().data;
    const one = await upload('one.jpg');
    const two = await upload('two.jpg');
    const page = await publish(f, 'pages', {
      title: 'Photos',
      blocks: [
        { type: 'image', props: { media_id: one.id, caption: 'First' } },
        { type: 'gallery', props: { images: [{ media_id: one.id }, { media_id: two.id }] } },
      ],
    });
    const html = (await visit(f, '/photos')).body;
    expect(html).toContain(`src="${one.variants.large.url}"`);
    expect(html).toContain('alt="Alt of one.jpg"');
    expect(html).toContain('<figcaption>First</figcaption>');
    expect(html).toContain('class="tb-lightbox"');
    const usage = (await f.call('editor', 'GET', `/api/media/${one.id}/usage`)).json().data;
    expect(usage.map((use: { path: string }) => use.path)).toEqual([
      'blocks[0].props.media_id',
      'blocks[1].props.images[0]',
    ]);
    expect(usage.map((use: { place: unknown }) => use.place)).toEqual([
      { kind: 'block', position: 1, block: 'image' },
      { kind: 'block', position: 2, block: 'gallery' },
    ]);
    // A block naming media the site does not have is refused by path.
    const refused = await f.call('editor', 'PUT', `/api/pages/${page.id}`, {
      version: page.version,
      blocks: [{ type: 'image', props: { media_id: 999999 } }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'blocks[0].props.media_id': ['Media 999999 does not exist on this site.'],
    });
    // Changing the image's alt text reaches the cached page.
    await f.call('editor', 'PUT', `/api/media/${one.id}`, { alt_text: 'A new description' });
    expect((await visit(f, '/photos')).body).toContain('alt="A new description"');
  });

  it('sanitizes the HTML inside block items on save, as it does paragraphs', async () => {
    const g = await seedContentSite(t.app, t.runtime, 'g.test');
    const page = await publish(g, 'pages', {
      title: 'Help',
      blocks: [
        {
          type: 'faq',
          props: { items: [{ question: 'Q?', answer: '<p onclick="x()">A<script>alert(1)</script></p>' }] },
        },
        {
          type: 'accordion',
          props: { items: [{ title: 'T', content: '<img src=x onerror=alert(1)><b>ok</b>' }] },
        },
      ],
    });
    const stored = (await g.call('editor', 'GET', `/api/pages/${page.id}`)).json().data.blocks;
    expect(stored[0].props.items[0].answer).toBe('<p>A</p>');
    expect(stored[1].props.items[0].content).not.toContain('onerror');
    const html = (await visit(g, '/help')).body;
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<script type="application/ld+json">');
  });

  it("gives the breadcrumb block the page's published ancestors", async () => {
    const h = await seedContentSite(t.app, t.runtime, 'h.test');
    const about = await publish(h, 'pages', { title: 'About' });
    await publish(h, 'pages', {
      title: 'Team',
      parent_id: about.id,
      blocks: [{ type: 'breadcrumb', props: {} }],
    });
    const html = (await visit(h, '/about/team')).body;
    expect(html).toContain(
      '<ol><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><span aria-current="page">Team</span></li></ol>',
    );
    expect(html).toContain('"item":"http://h.test/about"');
  });
});
