import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { CacheEpochWatcher } from '../../core/cache/cache-epoch.js';
import { searchOf } from './module.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_SEARCH: '1000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});
afterAll(() => t.close());

async function entry(
  site: ContentSite,
  base: string,
  payload: Record<string, unknown>,
  publish = true,
  caller: 'editor' | 'admin' = 'editor',
) {
  const res = await site.call(caller, 'POST', base, payload);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  if (publish) {
    const published = await site.call(caller, 'POST', `${base}/${id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
  }
  return id;
}

const body = (text: string) => ({ content: `<p>${text}</p>` });

async function search(site: ContentSite, query: string) {
  const res = await site.call('anonymous', 'GET', `/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; title: string; excerpt: string; url: string; type: string; published_at: string }[];
    meta: { total: number; per_page: number; current_page: number; last_page: number };
  };
}
const ids = async (site: ContentSite, query: string) => (await search(site, query)).data.map((hit) => hit.id);

describe(`search (${testEngine})`, () => {
  it('refuses a missing, empty or blank q, an unknown type and a limit above 50 with 422 per field', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      ['q=x&type=comment', 'type'],
      ['q=x&limit=51', 'limit'],
      ['q=x&limit=0', 'limit'],
      ['q=x&page=0', 'page'],
    ] as const) {
      const res = await a.call('anonymous', 'GET', `/api/search?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('finds published pages and posts of the site, anonymously, with url, type, excerpt and UTC dates', async () => {
    const post = await entry(a, '/api/posts', {
      title: 'Lighthouse keepers',
      fields: body('Stories of the people who kept the lights burning on stormy nights.'),
    });
    const page = await entry(a, '/api/pages', { title: 'About the lighthouse' });
    await entry(a, '/api/posts', { title: 'Lighthouse draft' }, false);
    await entry(b, '/api/posts', { title: 'Lighthouse elsewhere' });
    const found = await search(a, 'q=lighthouse');
    expect(found.data.map((hit) => hit.id).sort()).toEqual([post, page].sort());
    expect(found.meta).toEqual({ total: 2, per_page: 10, current_page: 1, last_page: 1 });
    const hit = found.data.find((candidate) => candidate.id === post);
    expect(hit).toMatchObject({ title: 'Lighthouse keepers', type: 'post' });
    expect(hit?.url).toMatch(/^\/\d{4}\/\d{2}\/lighthouse-keepers$/);
    expect(hit?.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    expect(await ids(a, 'q=lighthouse&type=page')).toEqual([page]);
    expect(await ids(b, 'q=lighthouse')).toHaveLength(1);
  });

  it('ranks a title match above a newer text match, stems English, matches the last word as a prefix, and shows the match in the excerpt', async () => {
    const inTitle = await entry(a, '/api/posts', { title: 'Marathon training' });
    const inText = await entry(a, '/api/posts', {
      title: 'A quiet week',
      fields: body(
        `${'Nothing much happened on the farm this week, apart from the weather. '.repeat(4)}Then she runs a marathon in the rain.`,
      ),
    });
    expect(await ids(a, 'q=marathon')).toEqual([inTitle, inText]);
    expect(await ids(a, 'q=running')).toEqual([inText]);
    expect(await ids(a, 'q=marat')).toEqual([inTitle, inText]);
    expect(await ids(a, 'q=rain%20marath')).toEqual([inText]);
    const excerpt = (await search(a, 'q=marathon%20rain')).data[0]?.excerpt ?? '';
    expect(excerpt).toContain('runs a marathon in the rain');
    expect(excerpt.startsWith('…')).toBe(true);
    // Search syntax in the query is only words.
    expect((await search(a, 'q=%22marathon%22%20OR%20*%20NEAR(')).meta.total).toBe(0);
    expect((await search(a, 'q=%3F%21')).meta.total).toBe(0);
  });

  it('follows the workflow at once: unpublished, trashed or deleted entries are never found, republished ones are', async () => {
    const id = await entry(a, '/api/posts', { title: 'Zeppelin news' });
    expect(await ids(a, 'q=zeppelin')).toEqual([id]);
    await a.call('editor', 'POST', `/api/posts/${id}/unpublish`, {});
    expect(await ids(a, 'q=zeppelin')).toEqual([]);
    await a.call('editor', 'POST', `/api/posts/${id}/publish`, {});
    expect(await ids(a, 'q=zeppelin')).toEqual([id]);
    // A draft edit of the title changes nothing until it is published.
    await a.call('editor', 'PUT', `/api/posts/${id}`, { title: 'Airship news', version: 1 });
    expect(await ids(a, 'q=airship')).toEqual([]);
    await a.call('editor', 'POST', `/api/posts/${id}/publish`, {});
    expect(await ids(a, 'q=airship')).toEqual([id]);
    expect(await ids(a, 'q=zeppelin')).toEqual([]);
    await a.call('editor', 'DELETE', `/api/posts/${id}`);
    expect(await ids(a, 'q=airship')).toEqual([]);
  });

  it('leaves nothing in the index when the publication rolls back', async () => {
    const id = await entry(a, '/api/posts', { title: 'Quokka facts' }, false);
    const off = t.runtime.hooks.addAction(
      'site.event',
      (_ctx, event) => {
        if (event.name === 'post.published') throw new Error('refused');
      },
      { owner: 'plugin:refuser' },
    );
    try {
      expect((await a.call('editor', 'POST', `/api/posts/${id}/publish`, {})).statusCode).toBe(409);
    } finally {
      off();
    }
    expect(await ids(a, 'q=quokka')).toEqual([]);
    // Rebuilt from what is published, the index still does not have it.
    const site = await t.runtime.siteStore.findById(a.siteId);
    if (!site) throw new Error('site missing');
    await searchOf(t.runtime).reindex(site);
    expect(await ids(a, 'q=quokka')).toEqual([]);
    expect(await ids(a, 'q=lighthouse')).toHaveLength(2);
  });

  it('pages results, and covers custom types with an archive only', async () => {
    for (let i = 0; i < 3; i += 1) await entry(a, '/api/posts', { title: `Walrus ${i}` });
    const second = await search(a, 'q=walrus&limit=2&page=2');
    expect(second.meta).toEqual({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(second.data).toHaveLength(1);

    await a.call('admin', 'POST', '/api/content-types', {
      slug: 'recipe',
      singular_label: 'Recipe',
      plural_label: 'Recipes',
      has_archive: true,
    });
    await a.call('admin', 'POST', '/api/content-types', {
      slug: 'secret',
      singular_label: 'Secret',
      plural_label: 'Secrets',
      has_archive: false,
    });
    const recipe = await entry(a, '/api/content/recipe', { title: 'Walrus stew' }, true, 'admin');
    await entry(a, '/api/content/secret', { title: 'Walrus plans' }, true, 'admin');
    expect(await ids(a, 'q=walrus&type=recipe')).toEqual([recipe]);
    expect((await search(a, 'q=walrus')).meta.total).toBe(4);
    expect((await a.call('anonymous', 'GET', '/api/search?q=walrus&type=secret')).statusCode).toBe(422);
  });

  it('indexes what an import brings, and tessera search:reindex rebuilds an index from the published entries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-search-'));
    const restore = pointCliAt(t.database.env);
    try {
      const out = join(dir, 'a.json');
      expect((await cli('export', '--out', out, '--site', 'a.test')).code).toBe(0);
      await seedContentSite(t.app, t.runtime, 'd.test');
      const d = { host: 'd.test' } as ContentSite;
      const imported = await cli('import', out, '--site', 'd.test');
      expect(imported.code, imported.err).toBe(0);
      const onA = (await search(a, 'q=lighthouse')).data.map((hit) => hit.title).sort();
      const anonymous = async (query: string) =>
        (
          await t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: { host: d.host } })
        ).json();
      const onD = (await anonymous('q=lighthouse')).data.map((hit: { title: string }) => hit.title).sort();
      expect(onD).toEqual(onA);
      expect(onD).toHaveLength(2);

      const site = await t.runtime.siteStore.findById(a.siteId);
      if (!site) throw new Error('site missing');
      await searchOf(t.runtime).remove(site, await ids(a, 'q=lighthouse'));
      expect(await ids(a, 'q=lighthouse')).toEqual([]);
      // The command runs in a process of its own: the server learns of it through the cache epoch,
      // as a running server does within its poll.
      const epoch = new CacheEpochWatcher(t.runtime.data.global, t.runtime.caches);
      await epoch.start();
      const rebuilt = await cli('search:reindex', '--site', 'a.test');
      expect(rebuilt.code, rebuilt.err).toBe(0);
      expect(rebuilt.out).toMatch(/^Indexed \d+ published entries of a\.test\.\n$/);
      expect(await epoch.check()).toBe(true);
      await epoch.stop();
      expect(await ids(a, 'q=lighthouse')).toHaveLength(2);
    } finally {
      restore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stems in the site language: a French site finds chevaux from cheval', async () => {
    const c = await seedContentSite(t.app, t.runtime, 'c.test');
    const set = await c.call('admin', 'PUT', '/api/settings/general', {
      enabled_locales: ['fr', 'en'],
      default_locale: 'fr',
    });
    expect(set.statusCode, set.body).toBe(200);
    const id = await entry(c, '/api/posts', { title: 'Les chevaux de Camargue' });
    expect(await ids(c, 'q=cheval')).toEqual([id]);
  });
});

it('applies the search rate limit per client, answering 429 in the envelope', async () => {
  const limited = await createTestApp({ RATE_LIMIT_SEARCH: '3' });
  try {
    const site = await seedContentSite(limited.app, limited.runtime, 'r.test');
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await site.call('anonymous', 'GET', '/api/search?q=anything')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await site.call('anonymous', 'GET', '/api/search?q=anything');
    expect(refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(refused.headers['retry-after']).toBeDefined();
  } finally {
    await limited.close();
  }
});
