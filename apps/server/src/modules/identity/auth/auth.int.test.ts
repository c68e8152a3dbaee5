import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  activityOf,
  PASSWORD,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../../test/identity-fixtures.js';
import { Forbidden } from '../../../core/errors.js';
import { identityOf } from '../identity.js';
import { UsersRepo } from '../users/repo.js';

let t: TestContext;
let siteId: number;
let roles: Map<string, number>;
let editorId: number;
const host = 'example.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '10000' });
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
  editorId = await seedUser(t.runtime, siteId, roles, { email: 'Editor@Example.test', role: 'editor' });
});
afterAll(() => t.close());

async function login(email: string, password = PASSWORD, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    payload: { email, password },
    remoteAddress: ip,
  });
}

function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'tessera_session');
  if (!cookie) throw new Error('no session cookie');
  return `tessera_session=${cookie.value}`;
}

describe('session login', () => {
  it('sets an HttpOnly, SameSite=Lax cookie and returns the user and a CSRF token', async () => {
    const res = await login('editor@example.TEST');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.user).toMatchObject({
      id: editorId,
      email: 'Editor@Example.test',
      role: { slug: 'editor' },
    });
    expect(body.data.user).not.toHaveProperty('password_hash');
    expect(body.data.csrf_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await login('nobody@example.test', PASSWORD, '10.0.0.2');
    const wrong = await login('editor@example.test', 'wrong password!!', '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ ...wrong.json(), request_id: unknown.json().request_id });
  });

  it('issues a new session id at every login', async () => {
    const a = sessionCookie(await login('editor@example.test'));
    const b = sessionCookie(await login('editor@example.test'));
    expect(a).not.toBe(b);
  });

  it('requires the CSRF token on unsafe methods with a session', async () => {
    const res = await login('editor@example.test');
    const cookie = sessionCookie(res);
    const csrf = res.json().data.csrf_token;
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host, cookie },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('csrf_token_invalid');
    expect(missing.json().message).toContain('X-CSRF-Token');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host, cookie, 'x-csrf-token': `${csrf}x` },
    });
    expect(forged.statusCode).toBe(403);
    const fetched = await t.app.inject({ url: '/api/auth/csrf', headers: { host, cookie } });
    expect(fetched.json().data.csrf_token).toBe(csrf);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host, cookie, 'x-csrf-token': csrf },
    });
    expect(ok.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/auth/csrf', headers: { host, cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('throttles repeated failures for one account with 429 and Retry-After', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'victim@example.test', role: 'author' });
    for (let i = 0; i < 5; i++) {
      expect((await login('victim@example.test', 'not the password', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login('victim@example.test', PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('login_throttled');
  });

  it('keeps the owner signing in from their own address while strangers exhaust the account, and says how long to wait', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'targeted@example.test', role: 'author' });
    expect((await login('targeted@example.test', PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) await login('targeted@example.test', 'not the password', `10.8.0.${i}`);
    const stranger = await login('targeted@example.test', PASSWORD, '10.8.0.50');
    expect(stranger.statusCode).toBe(429);
    const minutes = Math.ceil(Number(stranger.headers['retry-after']) / 60);
    expect(stranger.json().message).toBe(`Too many failed sign-in attempts. Try again in ${minutes} min.`);
    expect((await login('targeted@example.test', PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });

  it('throttles repeated failures from one address across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`nobody${i}@example.test`, 'not the password', '10.2.0.1')).statusCode).toBe(401);
    }
    const blocked = await login('editor@example.test', PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('login_throttled');
    // Another address is not affected.
    expect((await login('editor@example.test', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them: only the first five are evaluated', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'parallel@example.test', role: 'author' });
    const guesses = Array.from({ length: 17 }, (_, i) => `wrong guess number ${i}`);
    const answers = await Promise.all(
      [...guesses, PASSWORD].map((password, i) => login('parallel@example.test', password, `10.4.0.${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(5);
    expect(answers.find((res) => res.statusCode === 429)?.json().code).toBe('login_throttled');
  });

  it('does not count a successful sign-in as a failure', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'regular@example.test', role: 'author' });
    for (let i = 0; i < 8; i++) {
      expect((await login('regular@example.test', PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    }
    for (let i = 0; i < 4; i++) {
      expect((await login('regular@example.test', 'not the password', '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await login('regular@example.test', PASSWORD, '10.5.0.1')).statusCode).toBe(200);
  });

  it("records a failed sign-in with another site's user as an unknown account", async () => {
    const other = await seedSiteWithRoles(t.runtime, 'elsewhere.test');
    await seedUser(t.runtime, other.siteId, other.roles, {
      email: 'stranger@elsewhere.test',
      role: 'editor',
      name: 'Secret Stranger',
    });
    const res = await login('stranger@elsewhere.test', 'not the password', '10.6.0.1');
    expect(res.statusCode).toBe(401);
    const [entry] = (await activityOf(t.runtime, siteId, 'auth.login_failed')).filter(
      (row) => row.ip === '10.6.0.1',
    );
    expect(entry).toMatchObject({
      user_id: null,
      subject_id: null,
      details: { email: 'stranger@elsewhere.test' },
    });
    expect(JSON.stringify(entry)).not.toContain('Secret Stranger');
  });

  it('refuses a suspended user', async () => {
    const id = await seedUser(t.runtime, siteId, roles, { email: 'gone@example.test', role: 'author' });
    const token = await seedToken(t.runtime, id);
    await new UsersRepo(t.runtime.data.global).update(id, { status: 'suspended' });
    identityOf(t.runtime).resolver.forgetUser(id);
    expect((await login('gone@example.test')).statusCode).toBe(403);
    const res = await t.app.inject({
      url: '/api/auth/csrf',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('account_suspended');
  });
});

describe('sign-in hooks', () => {
  it('runs auth.logged_in after a login and lets auth.before_login veto one', async () => {
    const seen: string[] = [];
    const offLogged = t.runtime.hooks.addAction(
      'auth.logged_in',
      (_ctx, event) => void seen.push(`${event.email}:${event.method}`),
      {
        owner: 'test',
      },
    );
    const offVeto = t.runtime.hooks.addAction(
      'auth.before_login',
      (_ctx, attempt) => {
        if (attempt.ip === '10.9.9.9')
          throw new Forbidden('Sign-in is not allowed from this address.', 'address_blocked');
      },
      { owner: 'plugin:allow-list' },
    );
    try {
      expect((await login('editor@example.test', PASSWORD, '10.9.9.8')).statusCode).toBe(200);
      const vetoed = await login('editor@example.test', PASSWORD, '10.9.9.9');
      expect(vetoed.statusCode).toBe(403);
      expect(vetoed.json().code).toBe('address_blocked');
      expect(seen).toEqual(['Editor@Example.test:password']);
    } finally {
      offLogged();
      offVeto();
    }
  });

  it('a throwing auth.logged_in callback does not fail the login', async () => {
    const off = t.runtime.hooks.addAction(
      'auth.logged_in',
      () => {
        throw new Error('plugin bug');
      },
      { owner: 'plugin:buggy' },
    );
    try {
      expect((await login('editor@example.test', PASSWORD, '10.9.9.7')).statusCode).toBe(200);
    } finally {
      off();
    }
  });
});

describe('bearer tokens', () => {
  it('authenticates without CSRF and rejects malformed, unknown, expired and revoked tokens with 401', async () => {
    const token = await seedToken(t.runtime, editorId);
    const good = await t.app.inject({
      url: '/api/auth/csrf',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(good.statusCode).toBe(200);
    const expired = await seedToken(t.runtime, editorId, null, '2020-01-01T00:00:00.000Z');
    for (const authorization of ['Basic abc', 'Bearer', `Bearer ${token}x`, `Bearer ${expired}`]) {
      const res = await t.app.inject({ url: '/api/auth/csrf', headers: { host, authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
    const { tokens } = identityOf(t.runtime);
    const record = (await tokens.listOf(editorId)).find((r) => token.startsWith(`${r.prefix}_`));
    if (!record) throw new Error('no token');
    await tokens.revoke(record.id);
    // Outside a transaction the revocation is committed at once; the cache is the caller's to clear.
    tokens.forget({ tokenId: record.id });
    const revoked = await t.app.inject({
      url: '/api/auth/csrf',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('invalid_token');
  });

  it('answers 401 with WWW-Authenticate when no credentials are sent', async () => {
    const res = await t.app.inject({ url: '/api/auth/csrf', headers: { host } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Bearer');
  });
});
