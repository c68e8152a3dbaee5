import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  bearer,
  PASSWORD,
  seedSiteWithRoles,
  seedToken,
  seedUser,
  signIn,
} from '../../../../test/identity-fixtures.js';
import { base32Decode, hotp, totpStep } from '../two-factor/totp.js';
import { MembersRepo } from '../users/repo-members.js';

/** Credentials belong to the site they were made on (issue 14, section 4). */
const A = 'a.binding.test';
const B = 'b.binding.test';
let t: TestContext;
let siteA: { siteId: number; roles: Map<string, number> };
let siteB: { siteId: number; roles: Map<string, number> };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  siteA = await seedSiteWithRoles(t.runtime, A);
  siteB = await seedSiteWithRoles(t.runtime, B);
});
afterAll(() => t.close());

/** A user who is a member of both sites with `role`. */
async function memberOfBoth(email: string, role: string): Promise<number> {
  const id = await seedUser(t.runtime, siteA.siteId, siteA.roles, { email, role });
  await new MembersRepo(t.runtime.data.site(siteB.siteId)).assign(
    id,
    siteB.roles.get(role) ?? 0,
    new Date().toISOString(),
  );
  return id;
}

function get(host: string, url: string, headers: Record<string, string>) {
  return t.app.inject({ url, headers: { host, ...headers } });
}

function createToken(host: string, session: { cookie: string; csrf: string }, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/me/tokens',
    headers: { host, cookie: session.cookie, 'x-csrf-token': session.csrf },
    payload,
  });
}

describe('an API token', () => {
  it('works only on the site it was created on: elsewhere it answers 401', async () => {
    await memberOfBoth('editor@binding.test', 'editor');
    const session = await signIn(t.app, A, 'editor@binding.test');
    const created = await createToken(A, session, { name: 'deploys' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.installation_wide).toBe(false);
    const token: string = created.json().data.token;

    expect((await get(A, '/api/me', bearer(token))).statusCode).toBe(200);
    const elsewhere = await get(B, '/api/me', bearer(token));
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().code).toBe('invalid_token');
    // Site B's list does not show it, nor can it be revoked from there.
    const onB = await signIn(t.app, B, 'editor@binding.test');
    const listed = await get(B, '/api/me/tokens', { cookie: onB.cookie });
    expect(listed.json().data.map((r: { id: number }) => r.id)).not.toContain(created.json().data.id);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/tokens/${created.json().data.id}`,
      headers: { host: B, cookie: onB.cookie, 'x-csrf-token': onB.csrf },
    });
    expect(revoke.statusCode).toBe(404);
    expect((await get(A, '/api/me', bearer(token))).statusCode).toBe(200);
  });

  it('is installation-wide only when a Super Admin asks for it, signed in', async () => {
    await memberOfBoth('root@binding.test', 'super_admin');
    const session = await signIn(t.app, A, 'root@binding.test');
    const created = await createToken(A, session, { name: 'everywhere', installation_wide: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.installation_wide).toBe(true);
    const wide: string = created.json().data.token;
    expect((await get(A, '/api/users', bearer(wide))).statusCode).toBe(200);
    expect((await get(B, '/api/users', bearer(wide))).statusCode).toBe(200);
    // Listed on every site, since it works on every site.
    const onB = await signIn(t.app, B, 'root@binding.test');
    const listed = await get(B, '/api/me/tokens', { cookie: onB.cookie });
    expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(created.json().data.id);

    // A site-bound token of the same Super Admin cannot mint a wider one.
    const bound = await seedToken(t.runtime, (await get(A, '/api/me', bearer(wide))).json().data.id);
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { host: A, ...bearer(bound) },
      payload: { name: 'escalate', installation_wide: true },
    });
    expect(minted.statusCode).toBe(403);
    expect(minted.json().code).toBe('installation_wide_forbidden');
  });

  it('cannot be installation-wide for anyone but a Super Admin', async () => {
    await memberOfBoth('admin@binding.test', 'admin');
    const session = await signIn(t.app, A, 'admin@binding.test');
    const refused = await createToken(A, session, { name: 'everywhere', installation_wide: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('installation_wide_forbidden');
    const listed = await get(A, '/api/me/tokens', { cookie: session.cookie });
    expect(listed.json().data).toEqual([]);
  });

  it('stops working everywhere once its owner is no longer a Super Admin', async () => {
    const id = await memberOfBoth('former@binding.test', 'super_admin');
    const wide = await seedToken(t.runtime, id, null, null, null);
    expect((await get(B, '/api/me', bearer(wide))).statusCode).toBe(200);
    await t.runtime.data.global
      .updateTable('users')
      .set({ is_super_admin: 0 })
      .where('id', '=', id)
      .execute();
    await t.runtime.caches.clearAll();
    const res = await get(B, '/api/me', bearer(wide));
    expect(res.statusCode).toBe(401);
  });
});

describe('a session', () => {
  it('of site A sent with site B’s Host is anonymous there, and lives on at A', async () => {
    await memberOfBoth('session@binding.test', 'author');
    const session = await signIn(t.app, A, 'session@binding.test');
    expect((await get(A, '/api/me', { cookie: session.cookie })).statusCode).toBe(200);

    const onB = await get(B, '/api/me', { cookie: session.cookie });
    expect(onB.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: { host: B, cookie: session.cookie, 'x-csrf-token': session.csrf },
      payload: { display_name: 'Hijacked' },
    });
    expect(write.statusCode).toBe(401);

    const stillA = await get(A, '/api/me', { cookie: session.cookie });
    expect(stillA.statusCode).toBe(200);
    expect(stillA.json().data.display_name).not.toBe('Hijacked');
  });
});

describe('a two-factor challenge', () => {
  it('started on site A cannot be completed on site B', async () => {
    await memberOfBoth('second@binding.test', 'author');
    const session = await signIn(t.app, A, 'second@binding.test');
    const headers = { host: A, cookie: session.cookie, 'x-csrf-token': session.csrf };
    const setup = await t.app.inject({ method: 'POST', url: '/api/me/two-factor/setup', headers });
    const key = base32Decode(setup.json().data.secret);
    const step = totpStep(Date.now());
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers,
      payload: { code: hotp(key, step) },
    });
    expect(enable.statusCode).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: A },
      payload: { email: 'second@binding.test', password: PASSWORD },
    });
    const challenge: string = login.json().data.challenge;
    expect(challenge).toEqual(expect.any(String));
    // The enabling code's step is spent; the next one is within the accepted drift.
    const code = hotp(key, step + 1);
    const onB = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: { host: B },
      payload: { challenge, code },
    });
    expect(onB.statusCode).toBe(401);
    expect(onB.json().code).toBe('invalid_challenge');
    expect(onB.cookies.find((c) => c.name === 'tessera_session')).toBeUndefined();

    const onA = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: { host: A },
      payload: { challenge, code },
    });
    expect(onA.statusCode).toBe(200);
  });
});
