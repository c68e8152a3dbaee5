import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { redisRelay } from '../../../test/fixtures/redis-relay.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { OUTAGE_BOUND_MS } from './redis-peers.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

// Two instances of one installation: one database, one Redis, two servers with their own caches.
let one: TestContext;
let two: TestContext;
let site: ContentSite;

beforeAll(async () => {
  one = await createTestApp({ REDIS_URL: redisUrl, RATE_LIMIT_GENERAL: '100000' });
  two = await createTestApp(
    { REDIS_URL: redisUrl, RATE_LIMIT_GENERAL: '100000' },
    { database: one.database },
  );
  site = await seedContentSite(one.app, one.runtime, `peers-${Math.random().toString(36).slice(2, 8)}.test`);
});

afterAll(async () => {
  await two.close();
  await one.close();
});

const visit = (t: TestContext, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host } });

describe('several instances behind one Redis', () => {
  it("drop a page from every instance's page cache when one of them changes what it shows", async () => {
    const created = await site.call('editor', 'POST', '/api/pages', { title: 'Opening hours' });
    const id = created.json().data.id;
    await site.call('editor', 'POST', `/api/pages/${id}/publish`, {});
    // Both instances render the page and keep it.
    expect((await visit(one, '/opening-hours')).body).toContain('<h1>Opening hours</h1>');
    expect((await visit(two, '/opening-hours')).body).toContain('<h1>Opening hours</h1>');

    // The change goes through instance two's API.
    const viaTwo = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
      two.app.inject({
        method,
        url,
        headers: { host: site.host, authorization: `Bearer ${site.users.editor.token}` },
        payload: payload as never,
      });
    const version = (await site.call('editor', 'GET', `/api/pages/${id}`)).json().data.version;
    const renamed = await viaTwo('PUT', `/api/pages/${id}`, { title: 'Opening times', version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await viaTwo('POST', `/api/pages/${id}/publish`, {})).statusCode).toBe(200);

    // Instance one learns of it through Redis and renders the page anew.
    await vi.waitFor(async () =>
      expect((await visit(one, '/opening-hours')).body).toContain('<h1>Opening times</h1>'),
    );
  });
});

describe('an instance cut off from Redis', () => {
  it('keeps a changed page stale for seconds only, and is fresh again once Redis is back', async () => {
    const relay = await redisRelay(redisUrl);
    const cut = await createTestApp(
      { REDIS_URL: relay.url, RATE_LIMIT_GENERAL: '100000' },
      { database: one.database },
    );
    try {
      const created = await site.call('editor', 'POST', '/api/pages', { title: 'Tide table' });
      const id = created.json().data.id;
      await site.call('editor', 'POST', `/api/pages/${id}/publish`, {});
      expect((await visit(cut, '/tide-table')).body).toContain('<h1>Tide table</h1>');
      await relay.close();

      // Changed through another instance while this one hears nothing.
      const version = (await site.call('editor', 'GET', `/api/pages/${id}`)).json().data.version;
      await site.call('editor', 'PUT', `/api/pages/${id}`, { title: 'Tide times', version });
      await site.call('editor', 'POST', `/api/pages/${id}/publish`, {});
      const changedAt = Date.now();
      await vi.waitFor(
        async () => expect((await visit(cut, '/tide-table')).body).toContain('<h1>Tide times</h1>'),
        { timeout: OUTAGE_BOUND_MS * 3, interval: 200 },
      );
      const stale = Date.now() - changedAt;
      expect(stale).toBeLessThan(OUTAGE_BOUND_MS * 3);
      console.log(`a page changed elsewhere was stale ${stale} ms on the instance cut off from Redis`);

      await relay.open();
      await site.call('editor', 'POST', `/api/pages/${id}/unpublish`, {});
      await vi.waitFor(async () => expect((await visit(cut, '/tide-table')).statusCode).toBe(404), {
        timeout: 15_000,
        interval: 200,
      });
    } finally {
      await cut.close();
      await relay.close();
    }
  }, 60_000);
});
