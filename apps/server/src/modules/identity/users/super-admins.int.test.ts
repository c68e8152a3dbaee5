import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  activityOf,
  bearer,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../../test/identity-fixtures.js';
import { systemOperation } from '../actor.js';
import { UsersRepo } from './repo.js';
import { MembersRepo } from './repo-members.js';
import { UsersService } from './service.js';

/** Super Admins are global: how they are made, demoted and removed, and that one always remains. */
let t: TestContext;
let main: { siteId: number; roles: Map<string, number> };
let second: { siteId: number; roles: Map<string, number> };
let a: { id: number; token: string };
// Tokens belong to one site: b holds one for each.
let b: { id: number; token: string; tokenOnSecond: string };
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  main = await seedSiteWithRoles(t.runtime, 'main.test');
  second = await seedSiteWithRoles(t.runtime, 'second.test');
  const aId = await seedUser(t.runtime, main.siteId, main.roles, {
    email: 'a@main.test',
    role: 'super_admin',
  });
  const bId = await seedUser(t.runtime, main.siteId, main.roles, {
    email: 'b@main.test',
    role: 'super_admin',
  });
  await new MembersRepo(t.runtime.data.site(second.siteId)).assign(
    bId,
    second.roles.get('super_admin') ?? 0,
    new Date().toISOString(),
  );
  a = { id: aId, token: await seedToken(t.runtime, aId) };
  b = {
    id: bId,
    token: await seedToken(t.runtime, bId),
    tokenOnSecond: await seedToken(t.runtime, bId, null, null, second.siteId),
  };
  adminToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, main.siteId, main.roles, { email: 'admin@main.test', role: 'admin' }),
  );
});
afterAll(() => t.close());

function call(
  token: string,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  host = 'main.test',
) {
  return t.app.inject({ method, url, headers: { host, ...bearer(token) }, payload });
}

async function site(domain: string) {
  const found = await t.runtime.siteStore.findByDomain(domain);
  if (!found) throw new Error(`no site ${domain}`);
  return found;
}

describe('Super Admins', () => {
  it('are out of reach of an Admin', async () => {
    expect((await call(adminToken, 'DELETE', `/api/users/${b.id}`)).json().code).toBe('super_admin_only');
    expect((await call(adminToken, 'PUT', `/api/users/${b.id}`, { status: 'suspended' })).json().code).toBe(
      'super_admin_only',
    );
  });

  it('lose every site on demotion, including the Super Admin memberships held elsewhere', async () => {
    expect((await call(b.tokenOnSecond, 'GET', '/api/users', undefined, 'second.test')).statusCode).toBe(200);
    const res = await call(a.token, 'PUT', `/api/users/${b.id}`, { role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_super_admin: false, role: { slug: 'editor' } });
    expect(await new MembersRepo(t.runtime.data.site(second.siteId)).find(b.id)).toBeUndefined();
    expect((await call(b.tokenOnSecond, 'GET', '/api/users', undefined, 'second.test')).statusCode).toBe(403);
    expect((await call(b.token, 'GET', '/api/users')).statusCode).toBe(403);
    expect((await activityOf(t.runtime, main.siteId, 'user.updated')).at(-1)?.details).toEqual({
      role: ['super_admin', 'editor'],
    });
  });

  it('cannot lose the last active one, whoever acts', async () => {
    const demote = await call(a.token, 'PUT', `/api/users/${a.id}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('last_super_admin');
    expect((await call(a.token, 'PUT', `/api/users/${a.id}`, { status: 'suspended' })).json().code).toBe(
      'cannot_suspend_self',
    );
    const users = new UsersService(t.runtime);
    const system = systemOperation(t.runtime, await site('main.test'));
    await expect(users.update(system, a.id, { status: 'suspended' })).rejects.toMatchObject({
      code: 'last_super_admin',
    });
    await expect(users.delete(system, a.id)).rejects.toMatchObject({ code: 'last_super_admin' });
    expect((await new UsersRepo(t.runtime.data.global).findById(a.id))?.status).toBe('active');
  });

  it('are made by assigning the super_admin role, and deleting one deletes the account', async () => {
    const promoted = await call(a.token, 'PUT', `/api/users/${b.id}`, { role: 'super_admin' });
    expect(promoted.json().data).toMatchObject({ is_super_admin: true, role: { slug: 'super_admin' } });
    expect((await call(b.tokenOnSecond, 'GET', '/api/users', undefined, 'second.test')).statusCode).toBe(200);
    await new MembersRepo(t.runtime.data.site(second.siteId)).assign(
      b.id,
      second.roles.get('super_admin') ?? 0,
      new Date().toISOString(),
    );
    expect((await call(a.token, 'DELETE', `/api/users/${b.id}`)).statusCode).toBe(204);
    expect(await new UsersRepo(t.runtime.data.global).findById(b.id)).toBeUndefined();
    expect((await activityOf(t.runtime, main.siteId, 'user.deleted')).at(-1)).toMatchObject({
      user_id: a.id,
      details: { scope: 'account' },
    });
  });

  it('can be acted on by the system, whose activity rows name no user', async () => {
    const users = new UsersService(t.runtime);
    const made = await users.create(systemOperation(t.runtime, await site('second.test')), {
      email: 'c@second.test',
      display_name: 'C',
      password: 'a fine long passphrase',
      role: 'super_admin',
    });
    expect(made.is_super_admin).toBe(true);
    expect((await activityOf(t.runtime, second.siteId, 'user.created')).at(-1)).toMatchObject({
      user_id: null,
      ip: null,
    });
  });
});
