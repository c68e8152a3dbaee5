import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { PASSWORD, seedSiteWithRoles, seedUser } from '../../../../test/identity-fixtures.js';
import { sha256 } from '../../../core/access/secrets.js';

let t: TestContext;
const host = 'example.test';

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_GENERAL: '10000',
    TRUST_PROXY: '127.0.0.1',
    SESSION_IDLE_MINUTES: '30',
    SESSION_ABSOLUTE_HOURS: '8',
  });
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
  await seedUser(t.runtime, siteId, roles, { email: 'editor@example.test', role: 'editor' });
});
afterAll(() => t.close());

async function signIn(headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host, ...headers },
    payload: { email: 'editor@example.test', password: PASSWORD },
    remoteAddress: '127.0.0.1',
  });
  const cookie = res.cookies.find((c) => c.name === 'tessera_session');
  if (!cookie) throw new Error(`no cookie: ${res.body}`);
  return { res, cookie: `tessera_session=${cookie.value}`, id: sha256(cookie.value) };
}

const csrf = (cookie: string) => t.app.inject({ url: '/api/auth/csrf', headers: { host, cookie } });

describe('session lifetime', () => {
  it('stores only the hash of the cookie value, with idle and absolute expiry', async () => {
    const { id } = await signIn();
    const row = await t.runtime.data.global
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const created = Date.parse(row.created_at);
    expect(Date.parse(row.idle_expires_at) - created).toBe(30 * 60_000);
    expect(Date.parse(row.absolute_expires_at) - created).toBe(8 * 3_600_000);
  });

  it('ends a session idle for too long', async () => {
    const { cookie, id } = await signIn();
    expect((await csrf(cookie)).statusCode).toBe(200);
    await t.runtime.data.global
      .updateTable('sessions')
      .set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const res = await csrf(cookie);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toContain('tessera_session=;');
    expect(
      await t.runtime.data.global.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('ends a session past its absolute lifetime even while in use', async () => {
    const { cookie, id } = await signIn();
    await t.runtime.data.global
      .updateTable('sessions')
      .set({
        absolute_expires_at: new Date(Date.now() - 1000).toISOString(),
        last_seen_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    expect((await csrf(cookie)).statusCode).toBe(401);
  });

  it('pushes the idle expiry forward on use', async () => {
    const { cookie, id } = await signIn();
    const stale = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.runtime.data.global
      .updateTable('sessions')
      .set({ last_seen_at: stale })
      .where('id', '=', id)
      .execute();
    expect((await csrf(cookie)).statusCode).toBe(200);
    const row = await t.runtime.data.global
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at > stale).toBe(true);
    expect(Date.parse(row.idle_expires_at)).toBeGreaterThan(Date.now() + 29 * 60_000);
  });
});

describe('session cookie', () => {
  it('is Secure when the request came over https through the trusted proxy', async () => {
    const { res } = await signIn({ 'x-forwarded-proto': 'https' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
  });
});
