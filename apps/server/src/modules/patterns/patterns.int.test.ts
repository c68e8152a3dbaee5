import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

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

const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: a.host } });

async function publishPage(title: string, blocks: unknown[]) {
  const created = await a.call('editor', 'POST', '/api/pages', { title, blocks });
  expect(created.statusCode, created.body).toBe(201);
  const published = await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data as { slug: string };
}

const callToAction = (text: string) => [
  {
    type: 'section',
    props: {},
    children: [
      { type: 'heading', props: { text } },
      { type: 'button', props: { text: 'Book a table', href: '/book' } },
    ],
  },
];

describe('patterns', () => {
  it('are saved by those who manage patterns, validated like a page, and read by members', async () => {
    expect(
      (await a.call('author', 'POST', '/api/patterns', { name: 'CTA', blocks: callToAction('Hi') }))
        .statusCode,
    ).toBe(403);
    const bad = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Broken',
      blocks: [{ type: 'heading', props: { level: 9 } }, { type: 'carousel' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['blocks[0].props.level', 'blocks[1].type']);
    const nested = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Nested',
      blocks: [{ type: 'pattern', props: { pattern_id: 1 } }],
    });
    expect(nested.json().errors.blocks).toEqual(['A pattern cannot hold a synced pattern.']);
    const created = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Call to action',
      category: 'hero',
      blocks: [
        {
          type: 'paragraph',
          props: { content: '<p>Come <script>alert(1)</script>in</p>' },
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Call to action', category: 'hero', synced: false });
    // Rich text is sanitized on save, as on a page.
    expect(created.json().data.blocks[0].props.content).toBe('<p>Come in</p>');
    expect((await a.call('author', 'GET', '/api/patterns?category=hero')).json().data).toHaveLength(1);
    expect((await b.call('admin', 'GET', '/api/patterns')).json().data).toEqual([]);
  });

  it('are copied with new ids when inserted plain', async () => {
    const pattern = (await a.call('editor', 'GET', '/api/patterns')).json().data[0];
    const copy = await a.call('author', 'POST', `/api/patterns/${pattern.id}/copy`, {});
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data[0].props).toEqual(pattern.blocks[0].props);
    expect(copy.json().data[0].id).not.toBe(pattern.blocks[0].id);
  });

  it('synced: edited once, changed on every page placing it', async () => {
    const created = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Booking',
      synced: true,
      blocks: callToAction('Hungry?'),
    });
    const id = created.json().data.id;
    const one = await publishPage('Lunch', [{ type: 'pattern', props: { pattern_id: id } }]);
    const two = await publishPage('Dinner', [
      { type: 'heading', props: { text: 'Evenings' } },
      { type: 'pattern', props: { pattern_id: id } },
    ]);
    for (const page of [one, two]) {
      const html = (await visit(`/${page.slug}`)).body;
      expect(html).toContain('<div class="tb-pattern"><section class="tb-section tb-s1"');
      expect(html).toContain('>Hungry?</h2>');
    }
    // Both pages are in the page cache now; one edit of the pattern changes both.
    const edited = await a.call('editor', 'PUT', `/api/patterns/${id}`, {
      blocks: callToAction('Still hungry?'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const page of [one, two])
      expect((await visit(`/${page.slug}`)).body).toContain('>Still hungry?</h2>');
    // Gone, it shows nothing where it was placed.
    expect((await a.call('editor', 'DELETE', `/api/patterns/${id}`)).statusCode).toBe(204);
    const after = (await visit(`/${two.slug}`)).body;
    expect(after).toContain('>Evenings</h2>');
    expect(after).not.toContain('tb-pattern');
    // Only synced patterns are placed by reference: a plain one is refused, as in the header.
    const plain = (await a.call('editor', 'GET', '/api/patterns')).json().data[0];
    const refused = await a.call('editor', 'POST', '/api/pages', {
      title: 'Plain',
      blocks: [{ type: 'pattern', props: { pattern_id: plain.id } }],
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['blocks[0].props.pattern_id']);
  });
  it('refuse a change made from an older version, and keep what was saved in between', async () => {
    const created = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Opening hours',
      blocks: callToAction('Open daily'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json().data as { id: number; version: number };
    expect(version).toBe(1);

    const first = await a.call('editor', 'PUT', `/api/patterns/${id}`, {
      version,
      blocks: callToAction('Open every day'),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(2);

    // A second editor, still at version 1, saves over it: refused, the first change kept.
    const stale = await a.call('admin', 'PUT', `/api/patterns/${id}`, {
      version,
      name: 'Hours',
      blocks: callToAction('Closed on Mondays'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stale_version',
      errors: { version: ['The current version is 2.'] },
    });
    const kept = (await a.call('editor', 'GET', `/api/patterns/${id}`)).json().data;
    expect(kept).toMatchObject({ name: 'Opening hours', version: 2 });
    expect(JSON.stringify(kept.blocks)).toContain('Open every day');

    // Without a version a change applies to what is stored (the API's clients before versions).
    const blind = await a.call('admin', 'PUT', `/api/patterns/${id}`, { name: 'Hours' });
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().data).toMatchObject({ name: 'Hours', version: 3 });
    expect((await a.call('admin', 'PUT', `/api/patterns/${id}`, { version: 0 })).statusCode).toBe(422);
  });
});
