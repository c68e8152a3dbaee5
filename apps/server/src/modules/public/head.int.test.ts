import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import type { PageHeadContext } from './head.js';
import type { PageHead } from './theme/layouts.js';

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

async function publishPage(title: string) {
  const created = await a.call('editor', 'POST', '/api/pages', { title, excerpt: 'Our own words.' });
  expect(created.statusCode, created.body).toBe(201);
  const published = await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { id: number; slug: string };
}

describe('the page.head filter', () => {
  it('lets a plugin active on the site rewrite a page head and add meta tags and JSON-LD, checked', async () => {
    const page = await publishPage('Opening hours');
    const seen: PageHeadContext[] = [];
    const remove = t.runtime.hooks.addFilter(
      'page.head',
      (head, _ctx, context) => {
        seen.push(context);
        // As a plugin written in JavaScript may answer: some of it does not fit.
        return {
          ...head,
          title: `${head.title} | Harbour Café`,
          description: 'Open every day from nine.',
          canonical: context.entry ? `https://harbour.example${context.entry.url}` : head.canonical,
          meta: [
            { name: 'google-site-verification', content: 'abc123' },
            { property: 'og:locale', content: 'en_GB' },
            // Written from the head's own fields, and a key that is not one: both left out.
            { name: 'robots', content: 'index' },
            { name: '"><script>', content: 'x' },
          ],
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'CafeOrCoffeeShop',
              name: '</script><script>alert(1)</script>',
            },
            'not an object',
          ],
        } as unknown as PageHead;
      },
      { owner: 'plugin:seo-test', activeOn: (siteId) => siteId === a.siteId },
    );
    try {
      const res = await visit(a, `/${page.slug}`);
      expect(res.statusCode, res.body).toBe(200);
      const html = res.body;
      expect(html).toContain('<title>Opening hours | Harbour Café – Site a.test</title>');
      expect(html).toContain('<meta name="description" content="Open every day from nine."/>');
      expect(html).toContain(`<link rel="canonical" href="https://harbour.example/${page.slug}"/>`);
      expect(html).toContain('<meta name="google-site-verification" content="abc123"/>');
      expect(html).toContain('<meta property="og:locale" content="en_GB"/>');
      expect(html).not.toContain('content="index"');
      expect(html).not.toContain('"><script>');
      expect(html).toContain(
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"CafeOrCoffeeShop","name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
      );
      expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
      // What the page holds of the entry and the site: what an SEO plugin writes a head from.
      expect(seen.at(-1)).toEqual({
        kind: 'entry',
        status: 200,
        locale: 'en',
        site: expect.objectContaining({ origin: 'http://a.test', home: 'http://a.test/', locales: ['en'] }),
        entry: expect.objectContaining({
          id: page.id,
          type: 'page',
          title: 'Opening hours',
          url: `/${page.slug}`,
          slug: page.slug,
          excerpt: 'Our own words.',
          trail: [{ title: 'Opening hours', url: `/${page.slug}` }],
        }),
      });

      await visit(a, '/');
      expect(seen.at(-1)).toMatchObject({ kind: 'home', status: 200, entry: null });
      const missing = await visit(a, '/no-such-page');
      expect(missing.statusCode).toBe(404);
      expect(seen.at(-1)).toMatchObject({ kind: 'not_found', status: 404, entry: null });
      expect(missing.body).toContain('google-site-verification');

      // The plugin is not active on the other site: its pages keep their own head.
      const other = await visit(b, '/no-such-page');
      expect(other.body).not.toContain('google-site-verification');
    } finally {
      remove();
    }
  });

  it('keeps the page’s own head where a filter gives back what does not fit, or fails', async () => {
    const page = await publishPage('Menu');
    const removeBad = t.runtime.hooks.addFilter(
      'page.head',
      (head) =>
        ({
          ...head,
          title: 42,
          canonical: 'javascript:alert(1)',
          type: 'video',
          image: { url: 'x' },
        }) as unknown as PageHead,
      { owner: 'plugin:sloppy' },
    );
    const removeFailing = t.runtime.hooks.addFilter(
      'page.head',
      () => {
        throw new Error('the SEO plugin broke');
      },
      { owner: 'plugin:broken' },
    );
    try {
      const res = await visit(a, `/${page.slug}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('<title>Menu – Site a.test</title>');
      expect(res.body).toContain('<meta name="description" content="Our own words."/>');
      expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/a\.test(:\d+)?\/menu"\/>/);
      expect(res.body).toContain('<meta property="og:type" content="website"/>');
      expect(res.body).not.toContain('javascript:');
    } finally {
      removeBad();
      removeFailing();
    }
  });
});
