import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { signIn } from '../../../test/identity-fixtures.js';

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
});

afterAll(async () => {
  await t.close();
});

const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: a.host, ...headers } });

async function publishPost(title: string, extra: Record<string, unknown> = {}) {
  const created = await a.call('editor', 'POST', '/api/posts', {
    title,
    excerpt: `About ${title}.`,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const published = await a.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { id: number; slug: string };
}

async function publishPage(title: string, blocks: unknown[]) {
  const created = await a.call('editor', 'POST', '/api/pages', { title, blocks });
  expect(created.statusCode, created.body).toBe(201);
  const published = await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { id: number; slug: string };
}

describe('blocks on the public site', () => {
  it('write responsive values into one stylesheet in the head, and ship no script for static blocks', async () => {
    const page = await publishPage('Layout', [
      {
        type: 'grid',
        props: { columns: { desktop: 3, mobile: 1 } },
        children: [
          {
            type: 'heading',
            props: { text: 'Phones hide me', visibility: { desktop: true, mobile: false } },
          },
        ],
      },
    ]);
    const html = (await visit(`/${page.slug}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>.tb-s1{grid-template-columns:repeat(1, minmax(0, 1fr));');
    expect(head).toContain(
      '@media (min-width:640px){.tb-s1{grid-template-columns:repeat(3, minmax(0, 1fr))}',
    );
    expect(head).toContain('@media (max-width:639.98px){.tb-hide-m{display:none}}');
    expect(html).toContain('<div class="tb-grid tb-s1"><h2 class="tb-heading tb-hide-m">Phones hide me</h2>');
    expect(html).not.toContain('<script');
    expect(html.slice(html.indexOf('<body'))).not.toContain(' style=');
  });

  it('link the script of an interactive block on the pages that use it, and serve it', async () => {
    const page = await publishPage('Plans', [
      {
        type: 'tabs',
        props: {
          items: [
            { title: 'Monthly', content: '<p>9 €</p><script>alert(1)</script>' },
            { title: 'Yearly', content: '<p>90 €</p>' },
          ],
        },
      },
    ]);
    const html = (await visit(`/${page.slug}`)).body;
    const src = /<script src="(\/theme\/blocks\/tabs\.[0-9a-f]{12}\.js)" defer=""><\/script>/.exec(html)?.[1];
    expect(src).toBeDefined();
    expect(html).toContain(
      '<noscript><style>.tb-tabs [role=tabpanel][hidden]{display:block}</style></noscript>',
    );
    // Panel HTML is sanitized on save like any rich text.
    expect(html).toContain('<p>9 €</p></div>');
    expect(html).not.toContain('alert(1)');
    const script = await visit(src ?? '');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain('aria-selected');
    // Other pages still carry no script.
    expect((await visit('/')).body).not.toContain('<script src=');
  });

  it('list the latest entries when the page renders, and drop the cached page when one is published', async () => {
    await publishPost('First harvest');
    await publishPost('Second harvest');
    const page = await publishPage('News', [
      { type: 'latest-posts', props: { count: 2, showAuthor: true } },
      { type: 'content-list', props: { contentType: 'nothing_here', emptyText: 'No such type.' } },
    ]);
    const before = (await visit(`/${page.slug}`)).body;
    expect(before).toContain('>Second harvest</a></h3>');
    expect(before).toContain('>First harvest</a></h3>');
    expect(before).toContain('<p class="tb-entries__excerpt">About Second harvest.</p>');
    expect(before).toContain('<p class="tb-entries__empty">No such type.</p>');
    expect(before.indexOf('Second harvest')).toBeLessThan(before.indexOf('First harvest'));
    await publishPost('Third harvest');
    const after = (await visit(`/${page.slug}`)).body;
    expect(after).toContain('>Third harvest</a></h3>');
    expect(after).not.toContain('>First harvest</a></h3>');
  });

  it('page a content list with the pagination block, each page at its own address', async () => {
    const created = await a.call('admin', 'POST', '/api/content-types', {
      slug: 'event',
      singular_label: 'Event',
      plural_label: 'Events',
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const title of ['Concert', 'Ball', 'Regatta', 'Dance', 'Exhibition']) {
      const event = await a.call('admin', 'POST', '/api/content/event', { title });
      expect(event.statusCode, event.body).toBe(201);
      const done = await a.call('admin', 'POST', `/api/content/event/${event.json().data.id}/publish`, {});
      expect(done.statusCode, done.body).toBe(200);
    }
    const page = await publishPage('Events', [
      { type: 'content-list', props: { contentType: 'event', count: 2, order: 'title', paged: true } },
      { type: 'pagination', props: {} },
    ]);
    const first = (await visit(`/${page.slug}`)).body;
    expect(
      first
        .match(/class="tb-entries__title"><a href="[^"]+">(\w+)</g)
        ?.map((m) => m.split('>').at(-1)?.slice(0, -1)),
    ).toEqual(['Ball', 'Concert']);
    expect(first).toContain(`<a href="/${page.slug}?page=2" rel="next">Next →</a>`);
    const second = await visit(`/${page.slug}?page=2`);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('>Dance</a>');
    expect(second.body).toContain('>Exhibition</a>');
    expect(second.body).toContain(`<link rel="canonical" href="http://a.test/${page.slug}?page=2"/>`);
    expect(second.body).toContain(`<a href="/${page.slug}" rel="prev">← Previous</a>`);
    expect((await visit(`/${page.slug}?page=3`)).body).toContain('>Regatta</a>');
    expect((await visit(`/${page.slug}?page=4`)).statusCode).toBe(404);
    // Only pages with a paged list have later pages; the latest posts have theirs at /page/N.
    expect((await visit('/about-later?page=2')).statusCode).toBe(404);
    const home = await visit('/?page=2');
    expect(home.statusCode).toBe(301);
    expect(home.headers.location).toBe('/page/2');
  });

  it('show conditional content to signed-in visitors only, and never share such a page', async () => {
    const page = await publishPage('Members', [
      { type: 'heading', props: { text: 'Everyone sees this' } },
      {
        type: 'conditional',
        props: { audience: 'signed-in' },
        children: [{ type: 'heading', props: { text: 'Welcome back' } }],
      },
      {
        type: 'conditional',
        props: { from: '2020-01-01T00:00:00Z', until: '2099-01-01T00:00:00Z' },
        children: [{ type: 'heading', props: { text: 'This century' } }],
      },
      {
        type: 'conditional',
        props: { until: '2021-01-01T00:00:00Z' },
        children: [{ type: 'heading', props: { text: 'Long gone' } }],
      },
    ]);
    const anonymous = await visit(`/${page.slug}`);
    expect(anonymous.body).toContain('Everyone sees this');
    expect(anonymous.body).toContain('This century');
    expect(anonymous.body).not.toContain('Welcome back');
    expect(anonymous.body).not.toContain('Long gone');
    expect(anonymous.headers['cache-control']).toBe('private, no-cache');
    // Its text is not in the description, nor anywhere a search engine reads it.
    expect(anonymous.body).toContain('<meta name="description" content="Everyone sees this"/>');
    const { cookie } = await signIn(t.app, a.host, a.users.editor.email);
    const member = await visit(`/${page.slug}`, { cookie });
    expect(member.body).toContain('Welcome back');
    expect((await visit(`/${page.slug}`)).body).not.toContain('Welcome back');
  });

  it('keep a page with a date condition only until its next boundary', async () => {
    const soon = new Date(Date.now() + 30_000).toISOString();
    const page = await publishPage('Sale', [
      {
        type: 'conditional',
        props: { until: soon },
        children: [{ type: 'heading', props: { text: 'Sale on' } }],
      },
    ]);
    const res = await visit(`/${page.slug}`);
    expect(res.body).toContain('Sale on');
    const seconds = Number(/s-maxage=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
  });
});
