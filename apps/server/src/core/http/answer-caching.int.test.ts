import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { workerForRuntime } from '../jobs/worker.js';

// Kept API answers (answer-caching.ts) never serve a caller what they may not see, and never outlive
// a change: each case reads once to fill the cache, then checks what the next caller gets.

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
/** A second Author of site a: the same permissions as `author`, another person. */
let otherAuthor: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'answers-a.test');
  b = await seedContentSite(t.app, t.runtime, 'answers-b.test');
  const listed = (await a.call('admin', 'GET', '/api/roles')).json().data as Array<{
    id: number;
    slug: string;
  }>;
  const roles = new Map(listed.map((role) => [role.slug, role.id]));
  const id = await seedUser(t.runtime, a.siteId, roles, {
    email: 'author-two@answers-a.test',
    role: 'author',
  });
  otherAuthor = { id, token: await seedToken(t.runtime, id, null, null, a.siteId) };
});

afterAll(async () => {
  await t.close();
});

const titles = (response: { json(): { data: Array<{ title: string }> } }) =>
  response.json().data.map((entry) => entry.title);

async function newPost(
  site: ContentSite,
  caller: 'admin' | 'editor' | 'author',
  title: string,
  publish = false,
) {
  const created = await site.call(caller, 'POST', '/api/posts', { title });
  expect(created.statusCode, created.body).toBe(201);
  const post = created.json().data as { id: number; version: number };
  if (publish)
    expect((await site.call('editor', 'POST', `/api/posts/${post.id}/publish`)).statusCode).toBe(200);
  return post;
}

describe('kept API answers', () => {
  it('serve the same answer again, with the headers every answer carries, until the caches are cleared', async () => {
    const post = await newPost(a, 'editor', 'Harbour lights', true);
    const first = await a.call('editor', 'GET', '/api/posts?limit=5');
    // Changed behind the server's back (no request, no event): what follows comes from the cache.
    await t.runtime.data
      .site(a.siteId)
      .updateTable('entries')
      .set({ title: 'Harbour lamps' })
      .where('id', '=', post.id)
      .execute();
    const second = await a.call('editor', 'GET', '/api/posts?limit=5');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(titles(second)).toContain('Harbour lights');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBeLessThan(
      Number(first.headers['x-ratelimit-remaining']),
    );
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // `tessera cache:clear` (and the cache epoch) empty it like every other cache.
    await t.runtime.caches.clearAll();
    expect(titles(await a.call('editor', 'GET', '/api/posts?limit=5'))).toContain('Harbour lamps');
  });

  it("never give a reader the drafts of others that an editor's answer held", async () => {
    await newPost(a, 'admin', 'Editorial draft');
    const url = '/api/posts?limit=50&status=any';
    expect(titles(await a.call('editor', 'GET', url))).toContain('Editorial draft');
    // The same address, by an Author, and by the editor through a token narrowed to viewing.
    expect(titles(await a.call('author', 'GET', url))).not.toContain('Editorial draft');
    const viewOnly = await seedToken(t.runtime, a.users.editor.id, ['posts.view'], null, a.siteId);
    const narrowed = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: a.host, ...bearer(viewOnly) },
    });
    expect(narrowed.statusCode).toBe(200);
    expect(titles(narrowed)).not.toContain('Editorial draft');
  });

  it("never give one user's own drafts to another with the same permissions", async () => {
    await newPost(a, 'author', 'My own notes');
    const url = '/api/posts?limit=50&status=draft';
    expect(titles(await a.call('author', 'GET', url))).toContain('My own notes');
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: a.host, ...bearer(otherAuthor.token) },
    });
    expect(other.statusCode).toBe(200);
    expect(titles(other)).not.toContain('My own notes');
  });

  it("never give one site's answer to another site at the same address", async () => {
    await newPost(a, 'editor', 'Only on site a', true);
    await newPost(b, 'editor', 'Only on site b', true);
    const url = '/api/posts?limit=50&status=published';
    expect(titles(await a.call('editor', 'GET', url))).toContain('Only on site a');
    const onB = titles(await b.call('editor', 'GET', url));
    expect(onB).toContain('Only on site b');
    expect(onB).not.toContain('Only on site a');
    // Search, which anyone may call, likewise.
    expect(titles(await a.call('anonymous', 'GET', '/api/search?q=only'))).toEqual(['Only on site a']);
    expect(titles(await b.call('anonymous', 'GET', '/api/search?q=only'))).toEqual(['Only on site b']);
  });

  it('reflect a write in the very next read: an edit, a publication, a lock, a role', async () => {
    const post = await newPost(a, 'editor', 'Tide tables', true);
    const one = `/api/posts/${post.id}`;
    expect((await a.call('author', 'GET', one)).json().data.title).toBe('Tide tables');
    expect(titles(await a.call('anonymous', 'GET', '/api/search?q=tide'))).toEqual(['Tide tables']);

    const version = (await a.call('editor', 'GET', one)).json().data.version;
    expect((await a.call('editor', 'PUT', one, { title: 'Tide times', version })).statusCode).toBe(200);
    expect((await a.call('editor', 'POST', `${one}/publish`)).statusCode).toBe(200);
    expect((await a.call('author', 'GET', one)).json().data.title).toBe('Tide times');
    expect(titles(await a.call('anonymous', 'GET', '/api/search?q=tide'))).toEqual(['Tide times']);

    // An edit lock is not a site event: the write that took it drops the answers all the same.
    expect((await a.call('editor', 'GET', one)).json().data.lock).toBeNull();
    expect((await a.call('editor', 'POST', `${one}/lock`)).statusCode).toBe(200);
    expect((await a.call('editor', 'GET', one)).json().data.lock).toMatchObject({
      user_id: a.users.editor.id,
    });

    // An Author given the right to edit others' entries sees their drafts at once.
    await newPost(a, 'editor', 'Unreleased schedule');
    const url = '/api/posts?limit=50&status=draft';
    expect(titles(await a.call('author', 'GET', url))).not.toContain('Unreleased schedule');
    const roles = (await a.call('admin', 'GET', '/api/roles')).json().data as Array<{
      id: number;
      slug: string;
      permissions: string[];
    }>;
    const author = roles.find((role) => role.slug === 'author');
    if (!author) throw new Error('no Author role');
    const changed = await a.call('admin', 'PUT', `/api/roles/${author.id}`, {
      permissions: [...author.permissions, 'posts.edit_others'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(titles(await a.call('author', 'GET', url))).toContain('Unreleased schedule');
  });

  it('reflect what a job published, though no request wrote it', async () => {
    const post = await newPost(a, 'editor', 'Night ferry');
    const one = `/api/posts/${post.id}`;
    await a.call('editor', 'POST', `${one}/schedule`, {
      publish_at: new Date(Date.now() + 1000).toISOString(),
    });
    const published = '/api/posts?limit=50&status=published';
    expect(titles(await a.call('author', 'GET', published))).not.toContain('Night ferry');
    const worker = workerForRuntime(t.runtime, { pollMs: 50 });
    worker.start();
    try {
      await waitFor(
        async () => (await a.call('editor', 'GET', one)).json().data.status === 'published',
        'the scheduled post to be published',
      );
    } finally {
      await worker.stop();
    }
    expect(titles(await a.call('author', 'GET', published))).toContain('Night ferry');
    expect(titles(await a.call('anonymous', 'GET', '/api/search?q=ferry'))).toEqual(['Night ferry']);
  });
});

describe('kept API answers on two instances of one installation', () => {
  it('reflect on one instance a write made through the other', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
    const one = await createTestApp({ REDIS_URL: redisUrl, RATE_LIMIT_GENERAL: '100000' });
    const two = await createTestApp(
      { REDIS_URL: redisUrl, RATE_LIMIT_GENERAL: '100000' },
      { database: one.database },
    );
    try {
      const site = await seedContentSite(
        one.app,
        one.runtime,
        `answers-${Math.random().toString(36).slice(2, 8)}.test`,
      );
      const via = (instance: TestContext, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
        instance.app.inject({
          method,
          url,
          headers: { host: site.host, ...bearer(site.users.editor.token) },
          ...(payload === undefined ? {} : { payload: payload as never }),
        });
      const created = (await via(one, 'POST', '/api/posts', { title: 'Lighthouse keeper' })).json().data;
      const url = `/api/posts/${created.id}`;
      expect((await via(one, 'GET', url)).json().data.title).toBe('Lighthouse keeper');
      expect((await via(one, 'GET', url)).json().data.title).toBe('Lighthouse keeper');

      const renamed = await via(two, 'PUT', url, { title: 'Lighthouse keepers', version: created.version });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await vi.waitFor(async () =>
        expect((await via(one, 'GET', url)).json().data.title).toBe('Lighthouse keepers'),
      );
    } finally {
      await two.close();
      await one.close();
    }
  });
});
