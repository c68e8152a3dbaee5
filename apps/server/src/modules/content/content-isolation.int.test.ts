import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';

/**
 * The database itself refuses references between content rows of different sites (migration 0014,
 * docs/data.md): each reference is inserted directly through the raw handle, past every service.
 */
let t: TestContext;
let a: ContentSite;
let b: ContentSite;
type Rows = Kysely<Record<string, Record<string, unknown>>>;
let raw: Rows;
const ids = { a: {} as Record<string, number>, b: {} as Record<string, number> };
const at = new Date().toISOString();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  raw = t.runtime.data.raw as unknown as Rows;
  for (const [key, site] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const page = (await site.call('editor', 'POST', '/api/pages', { title: 'Page' })).json().data;
    const term = (
      await site.call('editor', 'POST', '/api/taxonomies/category/terms', { name: 'Term' })
    ).json().data;
    const type = await raw
      .selectFrom('content_types')
      .select('id')
      .where('site_id', '=', site.siteId)
      .where('slug', '=', 'page')
      .executeTakeFirstOrThrow();
    const taxonomy = await raw
      .selectFrom('taxonomies')
      .select('id')
      .where('site_id', '=', site.siteId)
      .where('slug', '=', 'category')
      .executeTakeFirstOrThrow();
    ids[key] = {
      page: page.id,
      group: page.translation_group_id,
      term: term.id,
      type: type.id as number,
      taxonomy: taxonomy.id as number,
    };
  }
});
afterAll(() => t.close());

const entry = (siteId: number, overrides: Record<string, unknown>) => ({
  site_id: siteId,
  type_id: ids.a.type,
  title: 'Cross',
  slug: `cross-${Math.random().toString(36).slice(2, 8)}`,
  path: 'cross',
  status: 'draft',
  locale: 'en',
  parent_id: null,
  translation_group_id: ids.a.group,
  author_id: null,
  excerpt: '',
  featured_media_id: null,
  fields: '{}',
  blocks: '[]',
  position: 0,
  version: 1,
  created_at: at,
  updated_at: at,
  ...overrides,
});

describe(`content references cannot cross sites (${testEngine})`, () => {
  it.each([
    ['an entry of a type of another site', () => ({ type_id: ids.b.type })],
    ['a parent of another site', () => ({ parent_id: ids.b.page })],
    ['a translation group of another site', () => ({ translation_group_id: ids.b.group })],
  ])('refuses %s', async (_what, overrides) => {
    await expect(raw.insertInto('entries').values(entry(a.siteId, overrides())).execute()).rejects.toThrow(
      /foreign key/i,
    );
  });

  it('refuses relation, term, revision and redirect rows pointing into another site', async () => {
    const attempts: [string, Record<string, unknown>][] = [
      [
        'entry_relations',
        { site_id: a.siteId, from_id: ids.a.page, field: 'x', to_id: ids.b.page, position: 0 },
      ],
      ['entry_terms', { site_id: a.siteId, entry_id: ids.a.page, term_id: ids.b.term }],
      ['entry_terms', { site_id: a.siteId, entry_id: ids.b.page, term_id: ids.a.term }],
      [
        'revisions',
        {
          site_id: a.siteId,
          entry_id: ids.b.page,
          version: 9,
          author_id: null,
          note: '',
          state: '{}',
          created_at: at,
        },
      ],
      [
        'entry_redirects',
        { site_id: a.siteId, locale: 'en', old_path: 'x', entry_id: ids.b.page, created_at: at },
      ],
      [
        'terms',
        {
          site_id: a.siteId,
          taxonomy_id: ids.b.taxonomy,
          name: 'x',
          slug: 'x-cross',
          description: '',
          parent_id: null,
          position: 0,
          created_at: at,
          updated_at: at,
        },
      ],
    ];
    for (const [table, values] of attempts)
      await expect(raw.insertInto(table).values(values).execute(), table).rejects.toThrow(/foreign key/i);
  });

  it('refuses moving a page under a parent of another site by an update', async () => {
    await expect(
      raw.updateTable('entries').set({ parent_id: ids.b.page }).where('id', '=', ids.a.page).execute(),
    ).rejects.toThrow(/foreign key/i);
    const kept = await raw
      .selectFrom('entries')
      .select('parent_id')
      .where('id', '=', ids.a.page)
      .executeTakeFirst();
    expect(kept?.parent_id).toBeNull();
  });
});
