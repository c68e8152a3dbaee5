import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  bearer,
  PASSWORD,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../../test/identity-fixtures.js';
import { sha256 } from '../../../core/access/secrets.js';
import { identityOf } from '../identity.js';
import { base32Decode, hotp, totpStep } from './totp.js';

const host = 'example.test';
let t: TestContext;
let siteId: number;
let roles: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '10000' },
    {
      // A route that needs a real permission, for the role-requires-two-factor flow.
      routes: (app) => {
        app.get(
          '/api/test/posts',
          {
            config: { permission: 'posts.view' },
            schema: {
              response: {
                200: Type.Object({ data: Type.Object({ ok: Type.Boolean() }), meta: Type.Object({}) }),
              },
            },
          },
          async () => ({ data: { ok: true }, meta: {} }),
        );
      },
    },
  );
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
});
afterAll(() => t.close());

interface Session {
  cookie: string;
  csrf: string;
}

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;

function sessionOf(res: Reply): Session {
  const cookie = res.cookies.find((c) => c.name === 'tessera_session');
  if (!cookie) throw new Error(`no session cookie: ${res.body}`);
  return { cookie: `tessera_session=${cookie.value}`, csrf: res.json().data.csrf_token };
}

const login = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, payload: { email, password } });

const secondStep = (challenge: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor',
    headers: { host },
    payload: { challenge, code },
  });

function post(url: string, session: Session, payload?: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host, cookie: session.cookie, 'x-csrf-token': session.csrf },
    ...(payload ? { payload } : {}),
  });
}

async function challengeFor(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.two_factor_required).toBe(true);
  expect(res.cookies.find((c) => c.name === 'tessera_session')).toBeUndefined();
  return res.json().data.challenge;
}

/** A code of no step within the drift window around now. */
function wrongCode(secret: string): string {
  const key = base32Decode(secret);
  const now = totpStep(Date.now());
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => hotp(key, now + offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

/** A user who has turned two-factor on; `step` is the TOTP step the enabling code used. */
async function enrolledUser(email: string, role = 'author') {
  await seedUser(t.runtime, siteId, roles, { email, role });
  const session = sessionOf(await login(email));
  const setup = await post('/api/me/two-factor/setup', session);
  expect(setup.statusCode).toBe(200);
  const secret: string = setup.json().data.secret;
  const step = totpStep(Date.now());
  const enable = await post('/api/me/two-factor/enable', session, { code: hotp(base32Decode(secret), step) });
  expect(enable.statusCode).toBe(200);
  const recoveryCodes: string[] = enable.json().data.recovery_codes;
  return { session, secret, step, recoveryCodes };
}

async function userRow(email: string) {
  return t.runtime.data.global
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', email)
    .executeTakeFirstOrThrow();
}

describe('setting up two-factor authentication', () => {
  it('gives a secret and otpauth URL, and turns on only with a valid code', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'setup@example.test', role: 'author' });
    const session = sessionOf(await login('setup@example.test'));
    expect((await post('/api/me/two-factor/enable', session, { code: '123456' })).json().code).toBe(
      'two_factor_not_set_up',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/me/two-factor/setup',
          headers: { host, cookie: session.cookie },
        })
      ).statusCode,
    ).toBe(403);

    const setup = await post('/api/me/two-factor/setup', session);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The authenticator app lists the account under the site's name.
    expect(otpauth_url).toBe(
      `otpauth://totp/Site%20example.test:setup%40example.test?secret=${secret}&issuer=Site%20example.test`,
    );
    // Stored sealed under the installation's key, never as the seed itself.
    const pending = await userRow('setup@example.test');
    expect(pending).toMatchObject({ totp_enabled_at: null });
    expect(pending?.totp_secret).toMatch(/^sb1:/);
    expect(pending?.totp_secret).not.toContain(secret);
    expect(t.runtime.secrets.open(String(pending?.totp_secret))).toBe(secret);
    // Not in force yet: password alone still signs in.
    expect((await login('setup@example.test')).json().data.two_factor_required).toBe(false);

    const wrong = await post('/api/me/two-factor/enable', session, { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('invalid_code');

    const enable = await post('/api/me/two-factor/enable', session, {
      code: hotp(base32Decode(secret), totpStep(Date.now())),
    });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const user = await userRow('setup@example.test');
    expect(user.totp_enabled_at).not.toBeNull();
    const stored = await t.runtime.data.global
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    const actions = await t.runtime.data.raw
      .selectFrom('activity_log')
      .select('action')
      .where('user_id', '=', user.id)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['two_factor.setup_started', 'two_factor.enabled']),
    );

    expect((await post('/api/me/two-factor/setup', session)).json().code).toBe('two_factor_already_enabled');
  });
});

describe('the issuer an authenticator app shows', () => {
  it("is the site's white-label name when branding sets one, never the vendor's", async () => {
    const site = await t.runtime.siteStore.findById(siteId);
    if (!site) throw new Error('no site');
    const brand = (name: string | null) =>
      t.runtime.siteStore
        .update(siteId, { branding: { ...site.branding, name } }, new Date().toISOString())
        .then(() => t.runtime.caches.clear('sites'));
    await brand('Quay Studio');
    try {
      await seedUser(t.runtime, siteId, roles, { email: 'branded@example.test', role: 'author' });
      const setup = await post('/api/me/two-factor/setup', sessionOf(await login('branded@example.test')));
      expect(setup.statusCode).toBe(200);
      const { otpauth_url, secret } = setup.json().data;
      expect(otpauth_url).toBe(
        `otpauth://totp/Quay%20Studio:branded%40example.test?secret=${secret}&issuer=Quay%20Studio`,
      );
      expect(setup.body).not.toMatch(/tessera/i);
    } finally {
      await brand(null);
    }
  });
});

describe('signing in with two-factor authentication', () => {
  it('asks for a code after the password, refuses a wrong one and opens a session with the right one', async () => {
    const { session, secret, step } = await enrolledUser('flow@example.test');
    expect((await post('/api/auth/logout', session)).statusCode).toBe(204);

    const challenge = await challengeFor('flow@example.test');
    const wrong = await secondStep(challenge, wrongCode(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_code');

    const code = hotp(base32Decode(secret), step + 1);
    const ok = await secondStep(challenge, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      two_factor_required: false,
      user: { email: 'flow@example.test', two_factor_enabled: true },
    });
    const signedIn = sessionOf(ok);
    const csrf = await t.app.inject({ url: '/api/auth/csrf', headers: { host, cookie: signedIn.cookie } });
    expect(csrf.json().data.csrf_token).toBe(signedIn.csrf);

    // The challenge is spent, and the code cannot be used again in its window.
    expect((await secondStep(challenge, code)).json().code).toBe('invalid_challenge');
    const replay = await secondStep(await challengeFor('flow@example.test'), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_code');
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes } = await enrolledUser('recover@example.test');
    const [first] = recoveryCodes;
    if (!first) throw new Error('no recovery code');
    expect(
      (await secondStep(await challengeFor('recover@example.test'), first.toUpperCase())).statusCode,
    ).toBe(200);
    const again = await secondStep(await challengeFor('recover@example.test'), first);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_code');
    const user = await userRow('recover@example.test');
    const used = await t.runtime.data.global
      .selectFrom('recovery_codes')
      .select('used_at')
      .where('code_hash', '=', sha256(first.replace('-', '')))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(used.used_at).not.toBeNull();
  });

  it('refuses unknown and expired challenges', async () => {
    const { secret, step } = await enrolledUser('late@example.test');
    expect((await secondStep('no-such-challenge', '123456')).json().code).toBe('invalid_challenge');
    const challenge = await challengeFor('late@example.test');
    await t.runtime.data.global
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(challenge))
      .execute();
    const expired = await secondStep(challenge, hotp(base32Decode(secret), step + 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('invalid_challenge');
  });

  it('counts wrong codes against the challenge and the login throttle', async () => {
    const { secret, step } = await enrolledUser('guess@example.test');
    const challenge = await challengeFor('guess@example.test');
    for (let i = 0; i < 5; i++)
      expect((await secondStep(challenge, wrongCode(secret))).json().code).toBe('invalid_code');
    const exhausted = await secondStep(challenge, hotp(base32Decode(secret), step + 1));
    expect(exhausted.json().code).toBe('invalid_challenge');
    const blocked = await login('guess@example.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('login_throttled');
  });
});

describe('managing two-factor authentication', () => {
  it('turns off only with the current password', async () => {
    const { session } = await enrolledUser('off@example.test');
    const wrong = await post('/api/me/two-factor/disable', session, { password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('invalid_password');
    expect((await post('/api/me/two-factor/disable', session, { password: PASSWORD })).statusCode).toBe(204);
    const user = await userRow('off@example.test');
    expect(user).toMatchObject({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    const codes = await t.runtime.data.global
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(0);
    expect((await login('off@example.test')).json().data.two_factor_required).toBe(false);
    expect((await post('/api/me/two-factor/disable', session, { password: PASSWORD })).json().code).toBe(
      'two_factor_not_enabled',
    );
  });

  it('replaces the recovery codes with the current password', async () => {
    const { session, recoveryCodes } = await enrolledUser('codes@example.test');
    expect(
      (await post('/api/me/two-factor/recovery-codes', session, { password: 'not my password' })).statusCode,
    ).toBe(422);
    const fresh = await post('/api/me/two-factor/recovery-codes', session, { password: PASSWORD });
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect(
      (await secondStep(await challengeFor('codes@example.test'), recoveryCodes[0] ?? '')).statusCode,
    ).toBe(401);
    expect((await secondStep(await challengeFor('codes@example.test'), codes[0] ?? '')).statusCode).toBe(200);
  });
});

describe('a role that requires two-factor authentication', () => {
  it('blocks permissioned routes until the user sets it up', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'must@example.test', role: 'editor' });
    const session = sessionOf(await login('must@example.test'));
    const get = () => t.app.inject({ url: '/api/test/posts', headers: { host, cookie: session.cookie } });
    expect((await get()).statusCode).toBe(200);

    await t.runtime.data
      .site(siteId)
      .updateTable('roles')
      .set({ requires_two_factor: 1 })
      .where('id', '=', roles.get('editor') ?? 0)
      .execute();
    identityOf(t.runtime).resolver.forgetAll();

    const blocked = await get();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('two_factor_setup_required');
    // Profile routes stay open, so the user can do what is asked.
    expect(
      (await t.app.inject({ url: '/api/auth/csrf', headers: { host, cookie: session.cookie } })).statusCode,
    ).toBe(200);
    const setup = await post('/api/me/two-factor/setup', session);
    const secret: string = setup.json().data.secret;
    expect(
      (
        await post('/api/me/two-factor/enable', session, {
          code: hotp(base32Decode(secret), totpStep(Date.now())),
        })
      ).statusCode,
    ).toBe(200);

    expect((await get()).statusCode).toBe(200);
  });
});

describe('a role that requires two-factor authentication, on routes open to any signed-in user', () => {
  it('refuses content writes, preview links and MCP until the user sets it up', async () => {
    const userId = await seedUser(t.runtime, siteId, roles, {
      email: 'author2fa@example.test',
      role: 'author',
    });
    const token = await seedToken(t.runtime, userId);
    const session = sessionOf(await login('author2fa@example.test'));
    const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { host, cookie: session.cookie, 'x-csrf-token': session.csrf },
        ...(payload ? { payload } : {}),
      });
    const draft = await write('POST', '/api/posts', { title: 'Before two-step' });
    expect(draft.statusCode).toBe(201);
    const postId: number = draft.json().data.id;

    await t.runtime.data
      .site(siteId)
      .updateTable('roles')
      .set({ requires_two_factor: 1 })
      .where('id', '=', roles.get('author') ?? 0)
      .execute();
    identityOf(t.runtime).resolver.forgetAll();

    const refusals = [
      await write('POST', '/api/posts', { title: 'Sneaked in' }),
      await write('POST', `/api/posts/${postId}/publish`),
      await write('POST', '/api/preview-links', { type: 'post', id: postId }),
      await write('DELETE', `/api/posts/${postId}`),
      await t.app.inject({ url: `/api/posts/${postId}`, headers: { host, ...bearer(token) } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { host, ...bearer(token), accept: 'application/json, text/event-stream' },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('two_factor_setup_required');
    }
    // What the user needs to do what is asked stays open: their profile, the CSRF token, the set-up, signing out.
    expect(
      (await t.app.inject({ url: '/api/me', headers: { host, cookie: session.cookie } })).statusCode,
    ).toBe(200);
    expect((await post('/api/me/two-factor/setup', session)).statusCode).toBe(200);
    expect((await write('POST', '/api/auth/logout')).statusCode).toBe(204);
    const entry = await t.runtime.data
      .site(siteId)
      .selectFrom('entries')
      .select(['status'])
      .where('id', '=', postId)
      .executeTakeFirst();
    expect(entry?.status).toBe('draft');
  });
});
