import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  activityOf,
  bearer,
  seedSiteWithRoles,
  seedToken,
  seedUser,
  signIn,
} from '../../../../test/identity-fixtures.js';
import { UsersRepo } from './repo.js';

let t: TestContext;
let siteId: number;
let roles: Map<string, number>;
let other: { siteId: number; roles: Map<string, number> };
let root: { id: number; token: string };
let admin: { id: number; token: string };
const host = 'users.test';
const fine = 'a fine long passphrase';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
  other = await seedSiteWithRoles(t.runtime, 'other.test');
  const rootId = await seedUser(t.runtime, siteId, roles, {
    email: 'root@users.test',
    role: 'super_admin',
    name: 'Root',
  });
  root = { id: rootId, token: await seedToken(t.runtime, rootId) };
  const adminId = await seedUser(t.runtime, siteId, roles, {
    email: 'admin@users.test',
    role: 'admin',
    name: 'Ada Admin',
  });
  admin = { id: adminId, token: await seedToken(t.runtime, adminId) };
});
afterAll(() => t.close());

function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: { host, ...bearer(token) }, payload });
}

async function createUser(fields: Record<string, unknown>, token = admin.token) {
  const res = await call(token, 'POST', '/api/users', {
    display_name: 'Someone',
    password: fine,
    role: 'author',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; email: string };
}

describe('POST /api/users', () => {
  it('creates a member with the role, never showing secrets, and records user.created', async () => {
    const res = await call(admin.token, 'POST', '/api/users', {
      email: 'Writer@Users.test',
      display_name: ' Wendy ',
      password: fine,
      role: 'author',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({
      email: 'Writer@Users.test',
      display_name: 'Wendy',
      status: 'active',
      locale: 'en',
      role: { slug: 'author' },
      is_super_admin: false,
      last_login_at: null,
    });
    expect(Object.keys(user)).not.toContain('password_hash');
    expect(res.body).not.toMatch(/argon2|totp_secret|password/);
    const [entry] = await activityOf(t.runtime, siteId, 'user.created');
    expect(entry).toMatchObject({
      user_id: admin.id,
      subject_type: 'user',
      subject_id: String(user.id),
      details: { role: 'author' },
    });
  });

  it('refuses a duplicate email whatever its case with 409 on the email field', async () => {
    const res = await call(admin.token, 'POST', '/api/users', {
      email: 'WRITER@users.TEST',
      display_name: 'Again',
      password: fine,
      role: 'author',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', errors: { email: [expect.any(String)] } });
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a short password', { password: 'short' }, 'password'],
    ['a common password', { password: 'abcdefghij' }, 'password'],
    ['a malformed role slug', { role: 'Not A Slug' }, 'role'],
    ['an unknown field', { is_super_admin: true }, 'is_super_admin'],
  ])('answers 422 for %s', async (_case, fields, field) => {
    const res = await call(admin.token, 'POST', '/api/users', {
      email: 'fresh@users.test',
      display_name: 'Fresh',
      password: fine,
      role: 'author',
      ...fields,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('writes nothing when the role does not exist', async () => {
    const before = (await activityOf(t.runtime, siteId)).length;
    const res = await call(admin.token, 'POST', '/api/users', {
      email: 'ghost@users.test',
      display_name: 'Ghost',
      password: fine,
      role: 'wizard',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role).toBeDefined();
    expect(await new UsersRepo(t.runtime.data.global).findByEmail('ghost@users.test')).toBeUndefined();
    expect(await activityOf(t.runtime, siteId)).toHaveLength(before);
  });

  it('lets only a Super Admin create a Super Admin', async () => {
    const payload = {
      email: 'second-root@users.test',
      display_name: 'Second',
      password: fine,
      role: 'super_admin',
    };
    const denied = await call(admin.token, 'POST', '/api/users', payload);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('super_admin_only');
    const made = await call(root.token, 'POST', '/api/users', payload);
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ is_super_admin: true, role: { slug: 'super_admin' } });
  });
});

describe('GET /api/users', () => {
  it('pages with the meta of spec 2.4 and refuses page=0 and limit=101', async () => {
    const page = await call(admin.token, 'GET', '/api/users?limit=2&page=1');
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().meta).toMatchObject({ per_page: 2, current_page: 1 });
    expect(page.json().meta.last_page).toBe(Math.ceil(page.json().meta.total / 2));
    for (const query of ['page=0', 'limit=101', 'limit=0', 'status=gone']) {
      const res = await call(admin.token, 'GET', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('filters by role, status and a case-insensitive search of email or name', async () => {
    await createUser({ email: 'zed@users.test', display_name: 'Zed Percent%', role: 'editor' });
    const editors = (await call(admin.token, 'GET', '/api/users?role=editor')).json().data;
    expect(editors.map((u: { email: string }) => u.email)).toEqual(['zed@users.test']);
    const byName = (await call(admin.token, 'GET', '/api/users?search=ADA')).json().data;
    expect(byName.map((u: { id: number }) => u.id)).toEqual([admin.id]);
    const byEmail = (await call(admin.token, 'GET', '/api/users?search=ZED@')).json().data;
    expect(byEmail).toHaveLength(1);
    // LIKE wildcards in the search are literal characters.
    expect((await call(admin.token, 'GET', '/api/users?search=%25')).json().data).toHaveLength(1);
    const supers = (await call(admin.token, 'GET', '/api/users?role=super_admin')).json().data;
    expect(supers.every((u: { is_super_admin: boolean }) => u.is_super_admin)).toBe(true);
    expect((await call(admin.token, 'GET', '/api/users?status=suspended')).json().data).toEqual([]);
    const unknown = await call(admin.token, 'GET', '/api/users?role=wizard');
    expect(unknown.statusCode).toBe(422);
  });

  it("lists the site's members and every Super Admin, not other sites' members", async () => {
    const elsewhere = await seedUser(t.runtime, other.siteId, other.roles, {
      email: 'elsewhere@other.test',
      role: 'editor',
    });
    const globalRoot = await seedUser(t.runtime, other.siteId, other.roles, {
      email: 'root@other.test',
      role: 'super_admin',
    });
    const all = (await call(admin.token, 'GET', '/api/users?limit=100')).json().data as Array<{
      id: number;
      role: { slug: string };
    }>;
    expect(all.map((u) => u.id)).not.toContain(elsewhere);
    expect(all.find((u) => u.id === globalRoot)?.role.slug).toBe('super_admin');
    expect((await call(admin.token, 'GET', `/api/users/${elsewhere}`)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', `/api/users/${globalRoot}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes the role with the change in the activity diff, and the new rights apply at once', async () => {
    const user = await createUser({ email: 'promoted@users.test', role: 'contributor' });
    const token = await seedToken(t.runtime, user.id);
    const upload = () => t.app.inject({ url: '/api/me', headers: { host, ...bearer(token) } });
    expect((await upload()).json().data.permissions).not.toContain('media.upload');
    const res = await call(admin.token, 'PUT', `/api/users/${user.id}`, { role: 'author' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role.slug).toBe('author');
    expect((await upload()).json().data.permissions).toContain('media.upload');
    const updated = (await activityOf(t.runtime, siteId, 'user.updated')).at(-1);
    expect(updated).toMatchObject({
      user_id: admin.id,
      subject_id: String(user.id),
      details: { role: ['contributor', 'author'] },
    });
    // Sending what is already there changes nothing and logs nothing.
    const logged = (await activityOf(t.runtime, siteId)).length;
    const same = await call(admin.token, 'PUT', `/api/users/${user.id}`, {
      role: 'author',
      display_name: 'Someone',
    });
    expect(same.statusCode).toBe(200);
    expect(await activityOf(t.runtime, siteId)).toHaveLength(logged);
  });

  it('suspends a user: sessions end and tokens stop at once; nobody suspends themselves', async () => {
    const user = await createUser({ email: 'suspended@users.test' });
    const token = await seedToken(t.runtime, user.id);
    const session = await signIn(t.app, host, 'suspended@users.test', fine);
    const res = await call(admin.token, 'PUT', `/api/users/${user.id}`, { status: 'suspended' });
    expect(res.json().data.status).toBe('suspended');
    expect((await t.app.inject({ url: '/api/me', headers: { host, ...bearer(token) } })).json().code).toBe(
      'account_suspended',
    );
    expect(
      (await t.app.inject({ url: '/api/me', headers: { host, cookie: session.cookie } })).statusCode,
    ).toBe(401);
    const self = await call(admin.token, 'PUT', `/api/users/${admin.id}`, { status: 'suspended' });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('cannot_suspend_self');
  });

  it("resets another user's password, redacted in the log, and sends one's own to the profile", async () => {
    const user = await createUser({ email: 'forgetful@users.test' });
    const res = await call(admin.token, 'PUT', `/api/users/${user.id}`, {
      password: 'another fine passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect((await activityOf(t.runtime, siteId, 'user.updated')).at(-1)?.details).toEqual({
      password_hash: ['[redacted]', '[redacted]'],
    });
    expect(res.json().meta).toEqual({ tokens_revoked: 0 });
    await expect(
      signIn(t.app, host, 'forgetful@users.test', 'another fine passphrase'),
    ).resolves.toBeDefined();
    const own = await call(admin.token, 'PUT', `/api/users/${admin.id}`, {
      password: 'my own new passphrase',
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('use_profile');
  });

  it("revokes the user's API tokens when an admin sets their password, and says how many", async () => {
    const user = await createUser({ email: 'tokened@users.test' });
    const tokens = [await seedToken(t.runtime, user.id), await seedToken(t.runtime, user.id)];
    for (const token of tokens) {
      expect((await t.app.inject({ url: '/api/me', headers: { host, ...bearer(token) } })).statusCode).toBe(
        200,
      );
    }
    const renamed = await call(admin.token, 'PUT', `/api/users/${user.id}`, { display_name: 'Renamed' });
    expect(renamed.json().meta).toEqual({ tokens_revoked: 0 });
    const res = await call(admin.token, 'PUT', `/api/users/${user.id}`, { password: 'a reset passphrase 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ tokens_revoked: 2 });
    for (const token of tokens) {
      const after = await t.app.inject({ url: '/api/me', headers: { host, ...bearer(token) } });
      expect(after.statusCode).toBe(401);
    }
    expect((await activityOf(t.runtime, siteId, 'user.updated')).at(-1)?.details).toMatchObject({
      tokens_revoked: 2,
    });
  });

  it('keeps Super Admins out of reach of Admins, and a role beyond the actor out of their hands', async () => {
    expect(
      (await call(admin.token, 'PUT', `/api/users/${root.id}`, { display_name: 'Hacked' })).json().code,
    ).toBe('super_admin_only');
    const user = await createUser({ email: 'climber@users.test' });
    expect(
      (await call(admin.token, 'PUT', `/api/users/${user.id}`, { role: 'super_admin' })).json().code,
    ).toBe('super_admin_only');
    // A custom role that may manage users but holds nothing else cannot hand out Author.
    const role = await call(root.token, 'POST', '/api/roles', {
      name: 'People',
      permissions: ['users.view', 'users.edit'],
    });
    const people = await seedUser(t.runtime, siteId, new Map([['people', role.json().data.id]]), {
      email: 'people@users.test',
      role: 'people',
    });
    const peopleToken = await seedToken(t.runtime, people);
    const res = await call(peopleToken, 'PUT', `/api/users/${user.id}`, { display_name: 'Renamed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('user_outranks_actor');
  });

  it('answers 404 for an unknown user and 422 for an unknown role', async () => {
    expect((await call(admin.token, 'PUT', '/api/users/999999', { display_name: 'X' })).statusCode).toBe(404);
    const user = await createUser({ email: 'stays@users.test' });
    expect((await call(admin.token, 'PUT', `/api/users/${user.id}`, { role: 'wizard' })).statusCode).toBe(
      422,
    );
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes only the membership of a user who belongs to another site too', async () => {
    const user = await createUser({ email: 'shared@users.test' });
    await seedUser(t.runtime, other.siteId, other.roles, { email: 'shared-twin@other.test', role: 'author' });
    const { MembersRepo } = await import('./repo-members.js');
    await new MembersRepo(t.runtime.data.site(other.siteId)).assign(
      user.id,
      other.roles.get('author') ?? 0,
      new Date().toISOString(),
    );
    const res = await call(admin.token, 'DELETE', `/api/users/${user.id}`);
    expect(res.statusCode).toBe(204);
    expect(await new UsersRepo(t.runtime.data.global).findById(user.id)).toBeDefined();
    expect((await call(admin.token, 'GET', `/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await activityOf(t.runtime, siteId, 'user.deleted')).at(-1)?.details).toMatchObject({
      scope: 'membership',
    });
  });

  it('deletes the account of a user of this site only; nobody deletes themselves', async () => {
    const user = await createUser({ email: 'leaving@users.test' });
    expect((await call(admin.token, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(204);
    expect(await new UsersRepo(t.runtime.data.global).findById(user.id)).toBeUndefined();
    expect((await activityOf(t.runtime, siteId, 'user.deleted')).at(-1)?.details).toMatchObject({
      scope: 'account',
    });
    const self = await call(admin.token, 'DELETE', `/api/users/${admin.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('cannot_delete_self');
  });
});

describe('the last Administrator of a site', () => {
  it('cannot step down, be suspended or removed while no other active Administrator remains', async () => {
    const site = await seedSiteWithRoles(t.runtime, 'lone-admin.test');
    const loneHost = 'lone-admin.test';
    const lone = await seedUser(t.runtime, site.siteId, site.roles, {
      email: 'lone@lone-admin.test',
      role: 'admin',
    });
    const token = await seedToken(t.runtime, lone);
    const send = (method: 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, as = token) =>
      t.app.inject({ method, url, headers: { host: loneHost, ...bearer(as) }, payload });

    const demoted = await send('PUT', `/api/users/${lone}`, { role: 'editor' });
    expect(demoted.statusCode, demoted.body).toBe(409);
    expect(demoted.json().code).toBe('last_site_admin');
    const rootToken = await seedToken(t.runtime, root.id, null, null, site.siteId);
    expect((await send('PUT', `/api/users/${lone}`, { status: 'suspended' }, rootToken)).json().code).toBe(
      'last_site_admin',
    );
    expect((await send('DELETE', `/api/users/${lone}`, undefined, rootToken)).json().code).toBe(
      'last_site_admin',
    );
    const view = await send('PUT', `/api/users/${lone}`, { display_name: 'Still here' });
    expect(view.json().data.role.slug).toBe('admin');

    // A second active Administrator: now the first may step down.
    await seedUser(t.runtime, site.siteId, site.roles, { email: 'second@lone-admin.test', role: 'admin' });
    const stepped = await send('PUT', `/api/users/${lone}`, { role: 'editor' });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect(stepped.json().data.role.slug).toBe('editor');
  });
});
