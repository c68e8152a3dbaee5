import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
});

afterAll(async () => {
  await t.close();
});

const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: a.host } });
const footerOf = (html: string) => html.slice(html.indexOf('<footer'));

async function publish(area: 'posts' | 'pages', title: string) {
  const created = await a.call('editor', 'POST', `/api/${area}`, { title });
  const published = await a.call('editor', 'POST', `/api/${area}/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { slug: string; url: string };
}

describe('widgets', () => {
  it("put blocks in the theme's zones, validated like a page's, in order, kept by those who manage widgets", async () => {
    expect((await a.call('editor', 'GET', '/api/widgets')).statusCode).toBe(403);
    const wrongZone = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'sidebar',
      block: { type: 'heading', props: { text: 'x' } },
    });
    expect(wrongZone.statusCode).toBe(422);
    expect(wrongZone.json().errors.zone).toEqual(['The theme default has the widget zones footer.']);
    const badBlock = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: { type: 'heading', props: { level: 9 } },
    });
    expect(badBlock.json().errors).toEqual({ 'block.props.level': [expect.any(String)] });

    const about = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: {
        type: 'paragraph',
        props: { content: '<p>Open every day by the harbour.</p><script>x()</script>' },
      },
    });
    expect(about.statusCode, about.body).toBe(201);
    expect(about.json().data).toMatchObject({
      zone: 'footer',
      position: 0,
      visibility: { show_on: 'everywhere' },
    });
    const news = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: { type: 'latest-posts', props: { count: 2, showExcerpt: false } },
      visibility: { show_on: 'entries', types: ['post'] },
    });
    expect(news.statusCode, news.body).toBe(201);
    expect(news.json().data.position).toBe(1);

    const post = await publish('posts', 'Storm warning');
    const page = await publish('pages', 'Contact');
    const onPost = footerOf((await visit(post.url)).body);
    expect(onPost).toContain(
      '<div class="tb-widgets tb-widgets--footer"><div class="tb-paragraph"><p>Open every day by the harbour.</p></div>',
    );
    expect(onPost).not.toContain('x()');
    expect(onPost).toContain('>Storm warning</a></h3>');
    // Only on posts: not on a page, nor on the home page.
    expect(footerOf((await visit(`/${page.slug}`)).body)).toContain('Open every day');
    expect(footerOf((await visit(`/${page.slug}`)).body)).not.toContain('tb-entries');
    expect(footerOf((await visit('/')).body)).not.toContain('tb-entries');

    // A new post shows in the widget on pages kept before.
    await publish('posts', 'Calm seas');
    expect(footerOf((await visit(post.url)).body)).toContain('>Calm seas</a></h3>');

    // Reordered in one call; a widget changed or removed shows so at once.
    const order = await a.call('admin', 'PUT', '/api/widgets/order', {
      zone: 'footer',
      ids: [news.json().data.id, about.json().data.id],
    });
    expect(order.statusCode, order.body).toBe(200);
    const reordered = footerOf((await visit(post.url)).body);
    expect(reordered.indexOf('tb-entries')).toBeLessThan(reordered.indexOf('Open every day'));
    expect(
      (await a.call('admin', 'PUT', '/api/widgets/order', { zone: 'footer', ids: [news.json().data.id] }))
        .statusCode,
    ).toBe(422);
    const changed = await a.call('admin', 'PUT', `/api/widgets/${about.json().data.id}`, {
      block: { type: 'paragraph', props: { content: '<p>Closed on Mondays.</p>' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(footerOf((await visit(`/${page.slug}`)).body)).toContain('Closed on Mondays.');
    expect((await a.call('admin', 'DELETE', `/api/widgets/${about.json().data.id}`)).statusCode).toBe(204);
    expect(footerOf((await visit(`/${page.slug}`)).body)).not.toContain('Closed on Mondays.');
  });
});
