import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, seedSite, type TestContext } from '../../../test/harness.js';
import { installAuthorization } from '../../modules/identity/auth/hooks.js';
import { identityOf } from '../../modules/identity/identity.js';
import { isApiPath } from './api-scope.js';

const host = 'public.test';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '1' },
    {
      routes: (app) => {
        // What the public site will look like: a page outside /api.
        app.get('/about', { config: { permission: 'public' } }, async (request) => ({
          site: request.site?.id ?? null,
          principal: request.principal,
        }));
        app.get('/api/test/hello', { config: { permission: 'public' } }, async () => ({
          data: {},
          meta: {},
        }));
      },
    },
  );
  await seedSite(t.runtime, host);
});
afterAll(() => t.close());

describe('the API hooks apply to /api only', () => {
  it('serves a page outside /api with its site, and no authentication, limit or permission check', async () => {
    const { sessions, tokens, resolver } = identityOf(t.runtime);
    const spies = [
      vi.spyOn(sessions, 'resume'),
      vi.spyOn(tokens, 'authenticate'),
      vi.spyOn(resolver, 'standing'),
    ];
    try {
      for (const headers of [{}, { cookie: 'tessera_session=stale' }, { authorization: 'Bearer nonsense' }]) {
        for (let i = 0; i < 3; i += 1) {
          const res = await t.app.inject({ url: '/about', headers: { host, ...headers } });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ site: expect.any(Number), principal: null });
          expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        }
      }
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('still resolves the site outside /api', async () => {
    const res = await t.app.inject({ url: '/about', headers: { host: 'nobody.test' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('site_not_found');
  });

  it('does not count unknown paths outside /api, but does under /api', async () => {
    const client = '203.0.113.50';
    const outside = await t.app.inject({ url: '/no-such-page', remoteAddress: client, headers: { host } });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['x-ratelimit-limit']).toBeUndefined();
    const inside = await t.app.inject({
      url: '/api/no-such-route',
      remoteAddress: client,
      headers: { host },
    });
    expect(inside.headers['x-ratelimit-limit']).toBe('1');
  });

  it('runs the hooks on /api routes', async () => {
    const res = await t.app.inject({
      url: '/api/test/hello',
      remoteAddress: '203.0.113.51',
      headers: { host, authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a route outside /api that declares a permission', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    installAuthorization(app);
    app.get('/outside', { config: { permission: 'public' } }, async () => ({}));
    expect(() => app.get('/secret', { config: { permission: 'users.view' } }, async () => ({}))).toThrow(
      /outside \/api are public/,
    );
    await app.close();
  });
});

describe('isApiPath', () => {
  it('matches /api and below only', () => {
    expect(isApiPath('/api/site')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api?x=1')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/about')).toBe(false);
    expect(isApiPath('/healthz')).toBe(false);
  });
});
