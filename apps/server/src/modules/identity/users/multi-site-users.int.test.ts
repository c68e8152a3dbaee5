import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  activityOf,
  bearer,
  PASSWORD,
  seedSiteWithRoles,
  seedToken,
  seedUser,
  signIn,
} from '../../../../test/identity-fixtures.js';
import { UsersRepo } from './repo.js';

/** A user on several sites: added by a Super Admin, and their account guarded from one site's admin. */
let t: TestContext;
let siteA: number;
let siteB: number;
let rootToken: string;
let adminAToken: string;
let adminBToken: string;
let sharedId: number;
let rolesA: Map<string, number>;
const hostA = 'a-multi.test';
const hostB = 'b-multi.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const a = await seedSiteWithRoles(t.runtime, hostA);
  const b = await seedSiteWithRoles(t.runtime, hostB);
  siteA = a.siteId;
  rolesA = a.roles;
  siteB = b.siteId;
  rootToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteA, a.roles, { email: 'root@multi.test', role: 'super_admin' }),
  );
  adminAToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteA, a.roles, { email: 'admin-a@multi.test', role: 'admin' }),
  );
  adminBToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteB, b.roles, { email: 'admin-b@multi.test', role: 'admin' }),
  );
  sharedId = await seedUser(t.runtime, siteA, a.roles, { email: 'shared@multi.test', role: 'author' });
});
afterAll(() => t.close());

function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  host = hostA,
) {
  return t.app.inject({ method, url, headers: { host, ...bearer(token) }, payload });
}

describe('POST /api/sites/{id}/members', () => {
  it('adds an existing user to another site with a role there', async () => {
    const res = await call(rootToken, 'POST', `/api/sites/${siteB}/members`, {
      email: 'Shared@multi.test',
      role: 'editor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ id: sharedId, role: { slug: 'editor' } });
    const onB = await call(adminBToken, 'GET', `/api/users/${sharedId}`, undefined, hostB);
    expect(onB.json().data.role.slug).toBe('editor');
    // Still an author on the first site.
    expect((await call(adminAToken, 'GET', `/api/users/${sharedId}`)).json().data.role.slug).toBe('author');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: hostB },
      payload: { email: 'shared@multi.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await activityOf(t.runtime, siteB, 'user.added'))[0]).toMatchObject({
      subject_id: String(sharedId),
      details: { role: 'editor' },
    });
  });

  it('refuses members, unknown emails and roles, Super Admin as a role, and anyone but a Super Admin', async () => {
    const again = await call(rootToken, 'POST', `/api/sites/${siteB}/members`, {
      email: 'shared@multi.test',
      role: 'author',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_member');
    const add = (body: Record<string, unknown>) =>
      call(rootToken, 'POST', `/api/sites/${siteB}/members`, body);
    expect((await add({ email: 'nobody@multi.test', role: 'author' })).json().errors).toHaveProperty('email');
    expect((await add({ email: 'admin-a@multi.test', role: 'wizard' })).json().errors).toHaveProperty('role');
    expect((await add({ email: 'admin-a@multi.test', role: 'super_admin' })).statusCode).toBe(422);
    expect(
      (
        await call(rootToken, 'POST', '/api/sites/9999/members', {
          email: 'admin-a@multi.test',
          role: 'author',
        })
      ).statusCode,
    ).toBe(404);
    const byAdmin = await call(adminAToken, 'POST', `/api/sites/${siteB}/members`, {
      email: 'admin-a@multi.test',
      role: 'admin',
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('account-wide changes to a user of several sites', () => {
  it('are refused to an admin who does not administer every site of the user, and change nothing', async () => {
    const before = await new UsersRepo(t.runtime.data.global).findById(sharedId);
    for (const payload of [
      { status: 'suspended' },
      { password: 'another fine passphrase' },
      { email: 'taken-over@evil.test' },
      { display_name: 'Renamed by another site' },
      { locale: 'fr' },
    ]) {
      for (const [token, host] of [
        [adminAToken, hostA],
        [adminBToken, hostB],
      ] as const) {
        const res = await call(token, 'PUT', `/api/users/${sharedId}`, payload, host);
        expect(res.statusCode, JSON.stringify(payload)).toBe(403);
        expect(res.json().code).toBe('account_shared_with_other_site');
      }
    }
    expect(await new UsersRepo(t.runtime.data.global).findById(sharedId)).toEqual(before);
    // The role is the site's own business.
    const role = await call(adminAToken, 'PUT', `/api/users/${sharedId}`, { role: 'contributor' });
    expect(role.statusCode).toBe(200);
  });

  it('are allowed to a Super Admin, and to an admin of every site of the user', async () => {
    const byRoot = await call(rootToken, 'PUT', `/api/users/${sharedId}`, { status: 'suspended' });
    expect(byRoot.statusCode).toBe(200);
    await call(rootToken, 'POST', `/api/sites/${siteB}/members`, {
      email: 'admin-a@multi.test',
      role: 'admin',
    });
    const byAdmin = await call(adminAToken, 'PUT', `/api/users/${sharedId}`, { status: 'active' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.status).toBe('active');
  });
});

describe('removing a user from one site of several', () => {
  it('ends their sessions and revokes their tokens there at once, and leaves their other sites alone', async () => {
    const leaverId = await seedUser(t.runtime, siteA, rolesA, {
      email: 'leaver@multi.test',
      role: 'editor',
    });
    expect(
      (
        await call(rootToken, 'POST', `/api/sites/${siteB}/members`, {
          email: 'leaver@multi.test',
          role: 'editor',
        })
      ).statusCode,
    ).toBe(201);
    const onA = await seedToken(t.runtime, leaverId, null, null, siteA);
    const onB = await seedToken(t.runtime, leaverId, null, null, siteB);
    const sessionB = await signIn(t.app, hostB, 'leaver@multi.test');
    const sessionA = await signIn(t.app, hostA, 'leaver@multi.test');
    const reads = ['/api/patterns', '/api/content-types', '/api/me'];
    for (const url of reads)
      expect((await call(onB, 'GET', url, undefined, hostB)).statusCode, url).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaverId}`,
      headers: { host: hostB, ...bearer(adminBToken) },
    });
    expect(removed.statusCode).toBe(204);

    for (const url of reads) {
      const byToken = await call(onB, 'GET', url, undefined, hostB);
      expect(byToken.statusCode, url).toBe(401);
      expect(byToken.json().code).toBe('invalid_token');
      const bySession = await t.app.inject({ url, headers: { host: hostB, cookie: sessionB.cookie } });
      expect(bySession.statusCode, url).toBe(401);
    }
    expect((await call(onA, 'GET', '/api/patterns')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/me', headers: { host: hostA, cookie: sessionA.cookie } })).statusCode,
    ).toBe(200);
    const [logged] = await activityOf(t.runtime, siteB, 'user.deleted');
    expect(logged?.details).toMatchObject({ scope: 'membership', tokens_revoked: 1 });
  });
});
