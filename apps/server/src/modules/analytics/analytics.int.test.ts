import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { analyticsRecorderOf } from './module.js';
import { AnalyticsRecorder } from './recorder.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let base: string;
let postUrl: string;

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_FIREFOX =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  // Behind a trusted proxy on loopback, so each test visitor comes from an address of its own.
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', TRUST_PROXY: 'loopback' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  const created = await a.call('editor', 'POST', '/api/posts', { title: 'Low tide' });
  const published = await a.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
  postUrl = published.json().data.url;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

/** A visit through the real server, so pages the cache holds are answered by the fast lane. */
function visit(
  path: string,
  headers: Record<string, string>,
  method: 'GET' | 'HEAD' = 'GET',
  host = a.host,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { host, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const person = (address: string, agent: string, more: Record<string, string> = {}) => ({
  'x-forwarded-for': address,
  'user-agent': agent,
  ...more,
});

async function report(site: ContentSite, query = '') {
  await analyticsRecorderOf(t.runtime)?.flush();
  const res = await site.call('editor', 'GET', `/api/analytics${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('analytics', () => {
  it('counts page views and visitors as pages are served, cache hits included, and leaves out who asks not to be counted', async () => {
    const ann = person('203.0.113.7', CHROME);
    // Ann sees the home page twice (rendered, then from the page cache's fast lane), a post from
    // there, the post again, and revalidates it (a 304): five views, one visitor.
    expect(await visit('/', ann)).toBe(200);
    expect(await visit('/', ann)).toBe(200);
    expect(await visit(postUrl, { ...ann, referer: 'http://a.test/' })).toBe(200);
    const etag = await new Promise<string>((resolve) => {
      request(`${base}${postUrl}`, { headers: { host: a.host, ...ann } }, (res) => {
        res.resume();
        resolve(String(res.headers.etag));
      }).end();
    });
    expect(await visit(postUrl, { ...ann, 'if-none-match': etag })).toBe(304);
    // Bob comes from a search engine on his phone, Cleo from a newsletter on a tablet.
    expect(await visit(postUrl, person('198.51.100.4', IPHONE, { referer: 'https://www.google.com/' }))).toBe(
      200,
    );
    expect(await visit('/?utm_source=Newsletter', person('192.0.2.55', IPAD_FIREFOX))).toBe(200);

    // Not counted: Do Not Track, Global Privacy Control, a prefetch, a robot, a HEAD, a missing page,
    // the API, and another site's pages.
    expect(await visit('/', person('203.0.113.8', CHROME, { dnt: '1' }))).toBe(200);
    expect(await visit(postUrl, person('203.0.113.9', CHROME, { 'sec-gpc': '1' }))).toBe(200);
    expect(await visit('/', person('203.0.113.10', CHROME, { 'sec-purpose': 'prefetch' }))).toBe(200);
    expect(await visit(postUrl, person('66.249.66.1', GOOGLEBOT))).toBe(200);
    expect(await visit('/', person('203.0.113.11', CHROME), 'HEAD')).toBe(200);
    expect(await visit('/nowhere', person('203.0.113.12', CHROME))).toBe(404);
    expect(await visit('/api/posts', person('203.0.113.13', CHROME))).toBe(401);
    expect(await visit('/', person('203.0.113.14', CHROME), 'GET', b.host)).toBe(200);

    const data = await report(a);
    expect(data.totals).toEqual({ views: 7, visitors: 3 });
    expect(data.daily.at(-1)).toEqual({ day: data.to, views: 7, visitors: 3 });
    expect(data.daily).toHaveLength(30);
    expect(data.pages).toEqual([
      { name: postUrl, views: 4, visitors: 2 },
      { name: '/', views: 3, visitors: 2 },
    ]);
    expect(data.sources.channels).toEqual([
      { name: 'direct', views: 5, visitors: 2 },
      { name: 'search', views: 1, visitors: 1 },
    ]);
    expect(data.sources.referrers).toEqual([{ name: 'google.com', views: 1, visitors: 1 }]);
    expect(data.sources.utm_sources).toEqual([{ name: 'newsletter', views: 1, visitors: 1 }]);
    expect(data.devices).toEqual([
      { name: 'desktop', views: 5, visitors: 1 },
      { name: 'mobile', views: 1, visitors: 1 },
      { name: 'tablet', views: 1, visitors: 1 },
    ]);
    expect(data.browsers.map((browser: { name: string }) => browser.name)).toEqual([
      'chrome',
      'firefox',
      'safari',
    ]);
    expect((await report(b)).totals).toEqual({ views: 1, visitors: 1 });

    // Nothing personal is kept: no address, no user agent, no referrer beyond its host.
    const rows = await t.runtime.data.site(a.siteId).selectFrom('analytics_events').selectAll().execute();
    // Views alike in every way (Ann's two of the home page, her two direct ones of the post) are
    // one row each, with their count.
    expect(rows).toHaveLength(5);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(7);
    const stored = JSON.stringify(rows);
    for (const secret of ['203.0.113', '198.51.100', 'Mozilla', 'iPhone', 'https://www.google.com/'])
      expect(stored).not.toContain(secret);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(3);
  });

  it('is for those who may view analytics, checks its range, and exports CSV', async () => {
    expect((await a.call('author', 'GET', '/api/analytics')).statusCode).toBe(403);
    expect((await a.call('anonymous', 'GET', '/api/analytics')).statusCode).toBe(401);
    expect((await a.call('author', 'GET', '/api/analytics/export')).statusCode).toBe(403);
    const backwards = await a.call('editor', 'GET', '/api/analytics?from=2026-05-02&to=2026-05-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.from).toEqual(['Must not be after `to`.']);
    expect((await a.call('editor', 'GET', '/api/analytics?from=2026-02-30')).statusCode).toBe(422);
    expect((await a.call('editor', 'GET', '/api/analytics?from=2024-01-01&to=2026-01-01')).statusCode).toBe(
      422,
    );

    const csv = await a.call('editor', 'GET', '/api/analytics/export?report=pages');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="analytics-.+-pages\.csv"$/);
    expect(csv.body).toBe(`path,views,visitors\r\n${postUrl},4,2\r\n/,3,2\r\n`);
    const daily = await a.call('editor', 'GET', '/api/analytics/export');
    expect(daily.body.split('\r\n')[0]).toBe('day,views,visitors');
    expect(daily.body.split('\r\n')).toHaveLength(32);
  });

  it('records nothing for a site that turned analytics off', async () => {
    const off = await b.call('admin', 'PUT', '/api/settings/analytics', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    await visit('/', person('203.0.113.20', CHROME), 'GET', b.host);
    expect((await report(b)).totals).toEqual({ views: 1, visitors: 1 });
  });

  it('aggregates each finished day, matching a generated log of visits, deletes the raw views, and destroys old salts', async () => {
    const settings = await a.call('admin', 'PUT', '/api/settings/general', { time_zone: 'Europe/Paris' });
    expect(settings.statusCode, settings.body).toBe(200);
    // A log of four days before yesterday: 40 people, each on some days, each seeing 1 to 4 pages;
    // some in the late evening UTC, which is already the next day in Paris.
    const agents = [CHROME, IPHONE, IPAD_FIREFOX];
    const referrers = [
      undefined,
      'https://duckduckgo.com/',
      'https://t.co/x',
      'https://blog.example.org/',
      'http://a.test/',
    ];
    const channels = ['direct', 'search', 'social', 'other', 'internal'];
    const pages = ['/', postUrl, '/about', '/contact'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const log: Array<{
      at: number;
      address: string;
      agent: string;
      path: string;
      referer?: string;
      channel: string;
    }> = [];
    for (let dayBack = 5; dayBack >= 2; dayBack--)
      for (let who = 0; who < 40; who++) {
        if (random(3) === 0) continue;
        const hour = random(2) === 0 ? 22 : 9 + random(10);
        const views = 1 + random(4);
        for (let view = 0; view < views; view++) {
          const ref = random(referrers.length);
          log.push({
            at: today - dayBack * 86_400_000 + hour * 3_600_000 + who * 1000 + view,
            address: `10.1.${who}.${who}`,
            agent: agents[who % 3] as string,
            path: pages[random(pages.length)] as string,
            ...(referrers[ref] ? { referer: referrers[ref] } : {}),
            channel: channels[ref] as string,
          });
        }
      }
    let clock = 0;
    const recorder = new AnalyticsRecorder(t.runtime, { now: () => clock });
    const site = await t.runtime.sites.resolve(a.host);
    if (!site) throw new Error('no site');
    for (const entry of log) {
      clock = entry.at;
      recorder.record(site, entry.path, a.host, entry.address, {
        'user-agent': entry.agent,
        ...(entry.referer ? { referer: entry.referer } : {}),
      });
    }
    await recorder.flush();

    // What the log says, day by day in Paris.
    const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
    const expected = new Map<string, { views: number; people: Set<string>; pages: Map<string, number> }>();
    const channelViews = new Map<string, number>();
    for (const entry of log) {
      const day = parisDay.format(entry.at);
      const figures = expected.get(day) ?? { views: 0, people: new Set<string>(), pages: new Map() };
      figures.views++;
      figures.people.add(`${entry.address} ${entry.agent}`);
      figures.pages.set(entry.path, (figures.pages.get(entry.path) ?? 0) + 1);
      expected.set(day, figures);
      channelViews.set(entry.channel, (channelViews.get(entry.channel) ?? 0) + 1);
    }
    const days = [...expected.keys()].sort();
    expect(days.length).toBeGreaterThanOrEqual(4);

    // The same person is a different hash each day: visits cannot be linked across days.
    const raw = await t.runtime.data
      .site(a.siteId)
      .selectFrom('analytics_events')
      .select(['day', 'visitor'])
      .where('day', 'in', days)
      .execute();
    const hashesPerDay = new Map<string, Set<string>>();
    for (const row of raw)
      hashesPerDay.set(row.day, (hashesPerDay.get(row.day) ?? new Set()).add(row.visitor));
    const [first, second] = [hashesPerDay.get(days[1] as string), hashesPerDay.get(days[2] as string)];
    expect([...(first ?? [])].filter((hash) => second?.has(hash))).toEqual([]);

    // The job, as the worker runs it every hour.
    const worker = workerForRuntime(t.runtime, { pollMs: 20 });
    worker.start();
    const jobId = await t.runtime.jobs.queue.enqueue('analytics.aggregate', {});
    for (let tries = 0; tries < 300; tries++) {
      const row = await t.runtime.data.global
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (row?.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();

    const left = await t.runtime.data
      .site(a.siteId)
      .selectFrom('analytics_events')
      .select('day')
      .where('day', 'in', days)
      .execute();
    expect(left).toEqual([]);
    const stored = await t.runtime.data
      .site(a.siteId)
      .selectFrom('analytics_daily')
      .selectAll()
      .where('day', 'in', days)
      .execute();
    expect(stored.length).toBeGreaterThan(0);

    const data = await report(a, `?from=${days[0]}&to=${days.at(-1)}&limit=100`);
    expect(data.daily).toEqual(
      days.map((day) => ({ day, views: expected.get(day)?.views, visitors: expected.get(day)?.people.size })),
    );
    expect(data.totals.views).toBe(log.length);
    const pageViews = new Map<string, number>();
    for (const figures of expected.values())
      for (const [path, views] of figures.pages) pageViews.set(path, (pageViews.get(path) ?? 0) + views);
    expect(
      Object.fromEntries(data.pages.map((page: { name: string; views: number }) => [page.name, page.views])),
    ).toEqual(Object.fromEntries(pageViews));
    channelViews.delete('internal');
    expect(
      Object.fromEntries(
        data.sources.channels.map((channel: { name: string; views: number }) => [
          channel.name,
          channel.views,
        ]),
      ),
    ).toEqual(Object.fromEntries(channelViews));

    // Salts of days over everywhere are gone; today's views are still raw and still reported.
    const salts = await t.runtime.data.global.selectFrom('analytics_salts').select('day').execute();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(salts.every((salt) => salt.day >= yesterday)).toBe(true);
    expect((await report(a)).totals.views).toBeGreaterThanOrEqual(7);
  });
});
