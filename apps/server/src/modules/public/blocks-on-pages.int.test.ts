import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

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
    expect(head).toContain('.tb-s2{display:none}');
    expect(html).toContain(
      '<div class="tb-grid tb-s1"><div class="tb-s2"><h2 class="tb-heading">Phones hide me</h2>',
    );
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
});
