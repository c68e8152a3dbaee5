import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { createElement as h } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobHandler } from '../../../test/fixtures/jobs.js';
import { createTestApp, seedSite, type TestContext, testEngine } from '../../../test/harness.js';
import { publicSiteOf } from '../../modules/public/module.js';
import { sha256 } from '../access/secrets.js';
import { VISITOR_COOKIE } from './visitor-cookie.js';
import { VISITOR_SESSION_DAYS, visitorOf, visitorSessionsOf } from './visitor-sessions.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/**
 * What a shop's cart would do with a visitor's session, as routes of the test app: add to the cart
 * (starts the session), sign an account in and out.
 */
function cartRoutes(context: () => TestContext) {
  return (app: FastifyInstance) => {
    const sessions = () => visitorSessionsOf(context().runtime);
    app.post('/_cart/:item', { config: { permission: 'public' } }, async (request, reply) => {
      const visitor = await sessions().read(request);
      const items = [...((visitor?.data.items as string[] | undefined) ?? [])];
      items.push((request.params as { item: string }).item);
      return { visitor: await sessions().setData(request, reply, { items }) };
    });
    app.get('/_visitor', { config: { permission: 'public' } }, async (request) => ({
      visitor: await visitorOf(context().runtime, request),
    }));
    app.post('/_sign-in/:account', { config: { permission: 'public' } }, async (request, reply) => ({
      visitor: await sessions().signIn(
        request,
        reply,
        Number((request.params as { account: string }).account),
      ),
    }));
    app.post('/_sign-out', { config: { permission: 'public' } }, async (request, reply) => {
      await sessions().end(request, reply);
      return {};
    });
    app.post('/_sign-out-everywhere', { config: { permission: 'public' } }, async (request, reply) => {
      const visitor = await sessions().read(request);
      const ended = visitor?.accountId
        ? await sessions().endAllOfAccount(request.site?.id ?? 0, visitor.accountId)
        : 0;
      await sessions().end(request, reply);
      return { ended };
    });
  };
}

/** A page of the site that shows the visitor's cart: it reads the session. */
function addCartPage(t: TestContext) {
  const site = publicSiteOf(t.runtime);
  site.pages.get('/cart', async (visit) => {
    const visitor = await visit.request.visitor?.();
    const items = (visitor?.data.items as string[] | undefined) ?? [];
    return site.frames.framePage(visit.site, visit.frame, {
      kind: 'search',
      entry: null,
      status: 200,
      head: { title: 'Cart', description: '', canonical: null, type: 'website', image: null },
      body: h('p', { id: 'cart' }, items.length === 0 ? 'Your cart is empty' : items.join(', ')),
      tags: [],
    });
  });
}

function visitorSessions(label: string, env: () => Record<string, string>) {
  describe(`visitor sessions (${label})`, () => {
    let t: TestContext;
    let client = 0;
    const host = 'shop.test';

    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '127.0.0.1', ...env() }, { routes: cartRoutes(() => t) });
      addCartPage(t);
      await seedSite(t.runtime, host);
      await seedSite(t.runtime, 'other.test');
    });
    afterAll(() => t?.close());

    const call = (
      method: 'GET' | 'POST',
      url: string,
      cookie?: string,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method,
        url,
        headers: { host, ...(cookie ? { cookie } : {}), ...headers },
        remoteAddress: '127.0.0.1',
      });
    const cookieOf = (res: LightMyRequestResponse) => {
      const cookie = res.cookies.find((each) => each.name === VISITOR_COOKIE);
      return cookie ? `${VISITOR_COOKIE}=${cookie.value}` : undefined;
    };
    /** A new visitor with a cart holding `item`: their cookie. */
    const shopper = async (item = `item-${++client}`) => {
      const res = await call('POST', `/_cart/${item}`);
      expect(res.statusCode, res.body).toBe(200);
      return cookieOf(res) as string;
    };

    it('sets no cookie until something asks for a session, and reads none without one', async () => {
      for (const url of ['/', '/cart', '/_visitor']) {
        const res = await call('GET', url);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
      expect((await call('GET', '/_visitor')).json()).toEqual({ visitor: null });
    });

    it('starts a session with a signed, HttpOnly, SameSite=Lax cookie when asked, Secure over https', async () => {
      const res = await call('POST', '/_cart/teapot');
      const cookie = res.cookies.find((each) => each.name === VISITOR_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.maxAge).toBe(VISITOR_SESSION_DAYS * 86_400);
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
      const visitor = (await call('GET', '/_visitor', cookieOf(res))).json().visitor;
      expect(visitor).toMatchObject({ accountId: null, data: { items: ['teapot'] } });
      const secure = await call('POST', '/_cart/kettle', undefined, { 'x-forwarded-proto': 'https' });
      expect(secure.cookies.find((each) => each.name === VISITOR_COOKIE)?.secure).toBe(true);
    });

    it('keeps the session server-side: the cookie holds a secret, the store only its hash', async () => {
      const cookie = await shopper('cup');
      const secret = cookie.split('=')[1]?.split('.')[0] ?? '';
      const rows = await t.runtime.data.raw.selectFrom('visitor_sessions').select('id').execute();
      if (env().REDIS_URL) {
        // In Redis, and not in the database.
        expect(rows).toEqual([]);
        const redis = new Redis(redisUrl);
        const keys = await redis.keys(`tessera:visitor:*:${sha256(secret)}`);
        await redis.quit();
        expect(keys).toHaveLength(1);
      } else {
        expect(rows.map((row) => row.id)).toContain(sha256(secret));
        expect(JSON.stringify(rows)).not.toContain(secret);
      }
      const added = await call('POST', '/_cart/saucer', cookie);
      expect(cookieOf(added)).toBeUndefined();
      expect((await call('GET', '/_visitor', cookie)).json().visitor.data).toEqual({
        items: ['cup', 'saucer'],
      });
    });

    it('takes a tampered, unsigned or other site’s cookie for no session at all', async () => {
      const cookie = await shopper('spoon');
      const [secret = '', mac = ''] = (cookie.split('=')[1] ?? '').split('.');
      const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}.${mac}`;
      for (const forged of [
        `${VISITOR_COOKIE}=${altered}`,
        `${VISITOR_COOKIE}=${secret}`,
        `${VISITOR_COOKIE}=x.y`,
      ]) {
        expect((await call('GET', '/_visitor', forged)).json().visitor, forged).toBeNull();
      }
      const elsewhere = await t.app.inject({ url: '/_visitor', headers: { host: 'other.test', cookie } });
      expect(elsewhere.json().visitor).toBeNull();
      // The good one still works.
      expect((await call('GET', '/_visitor', cookie)).json().visitor.data).toEqual({ items: ['spoon'] });
    });

    it('signs an account in with a new cookie carrying the cart, and signs it out', async () => {
      const before = await shopper('fork');
      const signedIn = await call('POST', '/_sign-in/41', before);
      const after = cookieOf(signedIn) as string;
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      expect((await call('GET', '/_visitor', before)).json().visitor).toBeNull();
      expect((await call('GET', '/_visitor', after)).json().visitor).toMatchObject({
        accountId: 41,
        data: { items: ['fork'] },
      });
      const out = await call('POST', '/_sign-out', after);
      expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${VISITOR_COOKIE}=;`));
      expect((await call('GET', '/_visitor', after)).json().visitor).toBeNull();
    });

    it("ends every session of an account on signing out everywhere, and nobody else's", async () => {
      const phone = cookieOf(await call('POST', '/_sign-in/42', await shopper())) as string;
      const laptop = cookieOf(await call('POST', '/_sign-in/42', await shopper())) as string;
      const someoneElse = cookieOf(await call('POST', '/_sign-in/43', await shopper())) as string;
      const res = await call('POST', '/_sign-out-everywhere', phone);
      expect(res.json().ended).toBe(2);
      expect((await call('GET', '/_visitor', phone)).json().visitor).toBeNull();
      expect((await call('GET', '/_visitor', laptop)).json().visitor).toBeNull();
      expect((await call('GET', '/_visitor', someoneElse)).json().visitor.accountId).toBe(43);
    });

    it('leaves cookieless visitors their shared, cached pages, and never caches a page that reads the session', async () => {
      const home = await call('GET', '/');
      expect(home.headers['cache-control']).toMatch(/^public/);
      const cookie = await shopper('mug');
      // A page that does not read the session is the same for everyone, cookie or not.
      expect((await call('GET', '/', cookie)).headers['cache-control']).toMatch(/^public/);
      for (const [who, expected] of [
        [undefined, 'Your cart is empty'],
        [cookie, 'mug'],
        [undefined, 'Your cart is empty'],
        [cookie, 'mug'],
      ] as const) {
        const page = await call('GET', '/cart', who);
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(page.headers['set-cookie']).toBeUndefined();
        expect(page.body).toContain(expected);
      }
    });

    it('lets the hourly purge delete expired sessions', async () => {
      const cookie = await shopper('plate');
      if (!env().REDIS_URL) {
        await t.runtime.data.raw
          .updateTable('visitor_sessions')
          .set({ expires_at: '2020-01-01T00:00:00.000Z' })
          .execute();
        expect((await call('GET', '/_visitor', cookie)).json().visitor).toBeNull();
        await runJobHandler(t.runtime, 'identity.purge_expired');
        expect(await t.runtime.data.raw.selectFrom('visitor_sessions').selectAll().execute()).toEqual([]);
      } else {
        expect(await visitorSessionsOf(t.runtime).purgeExpired()).toBe(0);
      }
    });
  });
}

visitorSessions(testEngine, () => ({}));
visitorSessions(`${testEngine}, Redis`, () => ({ REDIS_URL: redisUrl, RATE_LIMIT_GENERAL: '100000' }));
