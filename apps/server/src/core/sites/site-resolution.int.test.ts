import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext } from '../../../test/harness.js';

let t: TestContext | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function siteIdFor(
  app: TestContext['app'],
  host: string,
): Promise<{ status: number; id?: number; code?: string }> {
  const res = await app.inject({ url: '/api/site', headers: { host } });
  const body = res.json();
  return { status: res.statusCode, id: body.data?.id, code: body.code };
}

describe('site resolution from the Host header', () => {
  it('resolves <handle>.<BASE_DOMAIN> to the site with that handle', async () => {
    t = await createTestApp({ BASE_DOMAIN: 'tessera.test' });
    const id = await seedSite(t.runtime, 'blog.example.test');
    expect(await siteIdFor(t.app, 'blog.tessera.test')).toMatchObject({ status: 200, id });
    expect(await siteIdFor(t.app, 'BLOG.tessera.test:8443')).toMatchObject({ status: 200, id });
    expect(await siteIdFor(t.app, 'shop.tessera.test')).toMatchObject({
      status: 404,
      code: 'site_not_found',
    });
    expect(await siteIdFor(t.app, 'a.b.tessera.test')).toMatchObject({ status: 404 });
  });

  it('sends unknown hosts to the default site when UNKNOWN_HOST=default-site', async () => {
    t = await createTestApp({ UNKNOWN_HOST: 'default-site' });
    const first = await seedSite(t.runtime, 'first.test');
    await seedSite(t.runtime, 'second.test');
    expect(await siteIdFor(t.app, 'whatever.test')).toMatchObject({ status: 200, id: first });
  });

  it('sends loopback hosts to the first site by default, so its owner is never locked out', async () => {
    t = await createTestApp();
    const first = await seedSite(t.runtime, 'www.example.com');
    await seedSite(t.runtime, 'second.example.com');
    for (const host of [
      'localhost',
      'localhost:3000',
      '127.0.0.1',
      '127.0.0.1:8080',
      '[::1]',
      '[::1]:3000',
    ]) {
      expect(await siteIdFor(t.app, host)).toMatchObject({ status: 200, id: first });
    }
    expect(await siteIdFor(t.app, 'elsewhere.test')).toMatchObject({ status: 404, code: 'site_not_found' });
  });

  it('lets a site claim a loopback host, and UNKNOWN_HOST=reject refuse them', async () => {
    t = await createTestApp();
    await seedSite(t.runtime, 'www.example.com');
    const local = await seedSite(t.runtime, 'localhost');
    expect(await siteIdFor(t.app, 'localhost:3000')).toMatchObject({ status: 200, id: local });
    await t.close();
    t = await createTestApp({ UNKNOWN_HOST: 'reject' });
    await seedSite(t.runtime, 'www.example.com');
    expect(await siteIdFor(t.app, 'localhost')).toMatchObject({ status: 404, code: 'site_not_found' });
    expect(await siteIdFor(t.app, '127.0.0.1')).toMatchObject({ status: 404 });
  });

  it('treats a disabled site as unknown', async () => {
    t = await createTestApp();
    const id = await seedSite(t.runtime, 'off.test');
    await t.runtime.data.global.updateTable('sites').set({ enabled: 0 }).where('id', '=', id).execute();
    t.runtime.sites.invalidate();
    expect(await siteIdFor(t.app, 'off.test')).toMatchObject({ status: 404, code: 'site_not_found' });
  });
});

describe('client address and CORS', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    t = await createTestApp({ RATE_LIMIT_GENERAL: '1' });
    await seedSite(t.runtime, 'example.test');
    const send = (forwardedFor: string) =>
      t?.app.inject({
        url: '/api/site',
        headers: { host: 'example.test', 'x-forwarded-for': forwardedFor },
        remoteAddress: '127.0.0.1',
      });
    expect((await send('198.51.100.1'))?.statusCode).toBe(200);
    // Same socket address, another claimed client: still the same key, so the limit of 1 applies.
    expect((await send('198.51.100.2'))?.statusCode).toBe(429);
  });

  it('keys by the forwarded address behind a trusted proxy', async () => {
    t = await createTestApp({ RATE_LIMIT_GENERAL: '1', TRUST_PROXY: '127.0.0.1' });
    await seedSite(t.runtime, 'example.test');
    const send = (forwardedFor: string) =>
      t?.app.inject({
        url: '/api/site',
        headers: { host: 'example.test', 'x-forwarded-for': forwardedFor },
        remoteAddress: '127.0.0.1',
      });
    expect((await send('198.51.100.1'))?.statusCode).toBe(200);
    expect((await send('198.51.100.2'))?.statusCode).toBe(200);
    expect((await send('198.51.100.1'))?.statusCode).toBe(429);
  });

  it('answers CORS only for configured origins', async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://app.example.test' });
    await seedSite(t.runtime, 'example.test');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users',
      headers: {
        host: 'example.test',
        origin: 'https://app.example.test',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.test');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('DELETE');
    const foreign = await t.app.inject({
      url: '/api/site',
      headers: { host: 'example.test', origin: 'https://evil.test' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
