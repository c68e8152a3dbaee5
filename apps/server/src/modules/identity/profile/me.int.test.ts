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
import { identityOf } from '../identity.js';
import { UsersRepo } from '../users/repo.js';
import { MembersRepo } from '../users/repo-members.js';

let t: TestContext;
let siteId: number;
let roles: Map<string, number>;
const host = 'me.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
});
afterAll(() => t.close());

function withSession(
  session: { cookie: string; csrf: string },
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url,
    headers: { host, cookie: session.cookie, 'x-csrf-token': session.csrf },
    payload,
  });
}

function withToken(
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: { host, ...bearer(token) }, payload });
}

describe('GET and PUT /api/me', () => {
  it('shows the profile, the role here and what this request may do', async () => {
    const id = await seedUser(t.runtime, siteId, roles, {
      email: 'Profile@me.test',
      role: 'author',
      name: 'Pat',
    });
    const res = await withToken(await seedToken(t.runtime, id), 'GET', '/api/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      email: 'Profile@me.test',
      display_name: 'Pat',
      role: { slug: 'author' },
    });
    expect(res.json().data.permissions).toEqual(expect.arrayContaining(['posts.publish', 'media.upload']));
    expect(res.body).not.toContain('password_hash');
  });

  it('changes name and locale, and records the diff', async () => {
    const id = await seedUser(t.runtime, siteId, roles, {
      email: 'rename@me.test',
      role: 'author',
      name: 'Old',
    });
    const res = await withToken(await seedToken(t.runtime, id), 'PUT', '/api/me', {
      display_name: 'New',
      locale: 'fr-CA',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ display_name: 'New', locale: 'fr-CA' });
    expect((await activityOf(t.runtime, siteId, 'user.updated')).at(-1)).toMatchObject({
      user_id: id,
      details: { display_name: ['Old', 'New'], locale: ['en', 'fr-CA'] },
    });
    expect(
      (await withToken(await seedToken(t.runtime, id), 'PUT', '/api/me', { locale: 'not a locale' }))
        .statusCode,
    ).toBe(422);
  });

  it('changes the password only with the current one, then ends the other sessions but not this one', async () => {
    const id = await seedUser(t.runtime, siteId, roles, { email: 'rotate@me.test', role: 'editor' });
    const here = await signIn(t.app, host, 'rotate@me.test');
    const there = await signIn(t.app, host, 'rotate@me.test');
    const next = 'a brand new passphrase';
    const missing = await withSession(here, 'PUT', '/api/me', { password: next });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toBeDefined();
    const wrong = await withSession(here, 'PUT', '/api/me', {
      password: next,
      current_password: 'not my password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['Is incorrect.']);
    const weak = await withSession(here, 'PUT', '/api/me', {
      password: 'abcdefghij',
      current_password: PASSWORD,
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeDefined();
    const before = await new UsersRepo(t.runtime.data.global).findById(id);

    const ok = await withSession(here, 'PUT', '/api/me', { password: next, current_password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await withSession(here, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await withSession(there, 'GET', '/api/me')).statusCode).toBe(401);
    const after = await new UsersRepo(t.runtime.data.global).findById(id);
    expect(after?.password_changed_at).not.toBe(before?.password_changed_at);
    await expect(signIn(t.app, host, 'rotate@me.test', next)).resolves.toBeDefined();
    const [entry] = await activityOf(t.runtime, siteId, 'password.changed');
    expect(entry).toMatchObject({ user_id: id, subject_id: String(id), details: {} });
  });

  it('checks current_password under the login throttle, answering 429 like sign-in', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'guessed@me.test', role: 'author' });
    const session = await signIn(t.app, host, 'guessed@me.test');
    for (let i = 0; i < 5; i++) {
      const wrong = await withSession(session, 'PUT', '/api/me', {
        password: 'a brand new passphrase',
        current_password: `guess number ${i}`,
      });
      expect(wrong.statusCode).toBe(422);
    }
    const blocked = await withSession(session, 'PUT', '/api/me', {
      password: 'a brand new passphrase',
      current_password: PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('login_throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same counters as sign-in: the account is throttled there too, from this address. (Another
    // address keeps its own count, so whoever guesses here cannot lock the owner out elsewhere.)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host },
      payload: { email: 'guessed@me.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(429);
  });

  it('changes the email only with the current password, and never to a taken one', async () => {
    const id = await seedUser(t.runtime, siteId, roles, { email: 'move@me.test', role: 'author' });
    await seedUser(t.runtime, siteId, roles, { email: 'taken@me.test', role: 'author' });
    const token = await seedToken(t.runtime, id);
    expect(
      (await withToken(token, 'PUT', '/api/me', { email: 'moved@me.test' })).json().errors.current_password,
    ).toBeDefined();
    const taken = await withToken(token, 'PUT', '/api/me', {
      email: 'TAKEN@me.test',
      current_password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email).toBeDefined();
    expect(
      (await withToken(token, 'PUT', '/api/me', { email: 'bad email', current_password: PASSWORD }))
        .statusCode,
    ).toBe(422);
    const moved = await withToken(token, 'PUT', '/api/me', {
      email: 'Moved@me.test',
      current_password: PASSWORD,
    });
    expect(moved.json().data.email).toBe('Moved@me.test');
    // Only the spelling of one's own address: no password needed, nothing is taken.
    expect((await withToken(token, 'PUT', '/api/me', { email: 'moved@ME.test' })).statusCode).toBe(200);
  });
});

describe('API tokens under /api/me/tokens', () => {
  it('shows the secret once, lists tokens by prefix, records last use, and revokes at once', async () => {
    const id = await seedUser(t.runtime, siteId, roles, { email: 'tokens@me.test', role: 'editor' });
    const session = await signIn(t.app, host, 'tokens@me.test');
    const created = await withSession(session, 'POST', '/api/me/tokens', {
      name: 'CI deploys',
      expires_at: '2999-01-01T00:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    const { token, prefix, id: tokenId } = created.json().data;
    expect(token.startsWith(`${prefix}_`)).toBe(true);
    expect(created.json().data).toMatchObject({
      name: 'CI deploys',
      permissions: null,
      expires_at: '2999-01-01T00:00:00.000Z',
      last_used_at: null,
    });
    expect(created.json().data).not.toHaveProperty('user_id');

    expect((await withToken(token, 'GET', '/api/me')).json().data.id).toBe(id);
    const listed = await withSession(session, 'GET', '/api/me/tokens');
    expect(listed.json().meta).toMatchObject({ total: 1, current_page: 1, per_page: 20 });
    expect(listed.json().data[0]).toMatchObject({
      id: tokenId,
      prefix,
      revoked_at: null,
      last_used_at: expect.any(String),
    });
    expect(listed.body).not.toContain(token);

    expect((await withSession(session, 'DELETE', `/api/me/tokens/${tokenId}`)).statusCode).toBe(204);
    expect((await withToken(token, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await withSession(session, 'GET', '/api/me/tokens')).json().data[0].revoked_at).toEqual(
      expect.any(String),
    );
    expect((await withSession(session, 'DELETE', `/api/me/tokens/${tokenId}`)).statusCode).toBe(204);
    expect((await activityOf(t.runtime, siteId, 'token.created')).at(-1)).toMatchObject({
      user_id: id,
      details: { prefix, name: 'CI deploys' },
    });
    expect(await activityOf(t.runtime, siteId, 'token.revoked')).toHaveLength(1);
  });

  it("cannot see or revoke someone else's token", async () => {
    const owner = await seedUser(t.runtime, siteId, roles, { email: 'owner@me.test', role: 'author' });
    const created = await withToken(await seedToken(t.runtime, owner), 'POST', '/api/me/tokens', {
      name: 'mine',
    });
    const stranger = await seedToken(
      t.runtime,
      await seedUser(t.runtime, siteId, roles, { email: 'stranger@me.test', role: 'admin' }),
    );
    expect((await withToken(stranger, 'DELETE', `/api/me/tokens/${created.json().data.id}`)).statusCode).toBe(
      404,
    );
    expect((await withToken(created.json().data.token, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('takes only a subset of what the user holds here, answering 422 per field otherwise', async () => {
    const author = await seedToken(
      t.runtime,
      await seedUser(t.runtime, siteId, roles, { email: 'scoped@me.test', role: 'author' }),
    );
    const res = await withToken(author, 'POST', '/api/me/tokens', {
      name: 'too much',
      permissions: ['posts.view', 'users.view', 'posts.teleport'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'permissions.1': ['You do not hold this permission on this site.'],
      'permissions.2': ['Unknown permission.'],
    });
    expect(
      (
        await withToken(author, 'POST', '/api/me/tokens', {
          name: 'past',
          expires_at: '2001-01-01T00:00:00Z',
        })
      ).json().errors.expires_at,
    ).toBeDefined();
    for (const payload of [{}, { name: '' }, { name: 'x', permissions: [] }, { name: 'x', scope: 'all' }]) {
      expect(
        (await withToken(author, 'POST', '/api/me/tokens', payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(422);
    }
  });

  it('works within its own permissions, and a narrowed token cannot mint a broader one', async () => {
    const admin = await seedToken(
      t.runtime,
      await seedUser(t.runtime, siteId, roles, { email: 'narrow@me.test', role: 'admin' }),
    );
    const created = await withToken(admin, 'POST', '/api/me/tokens', {
      name: 'reader',
      permissions: ['users.view', 'tokens.create'],
    });
    expect(created.statusCode).toBe(201);
    const narrow = created.json().data.token;
    expect((await withToken(narrow, 'GET', '/api/users')).statusCode).toBe(200);
    expect((await withToken(narrow, 'GET', '/api/roles')).statusCode).toBe(403);
    const child = await withToken(narrow, 'POST', '/api/me/tokens', { name: 'child' });
    expect(child.json().data.permissions).toEqual(['tokens.create', 'users.view']);
    const escalate = await withToken(narrow, 'POST', '/api/me/tokens', {
      name: 'wider',
      permissions: ['roles.view'],
    });
    expect(escalate.json().errors['permissions.0']).toBeDefined();
  });

  it('a token made with an expiring token expires with it at the latest', async () => {
    const owner = await seedUser(t.runtime, siteId, roles, { email: 'brief@me.test', role: 'editor' });
    const parentExpiry = new Date(Date.now() + 90_000).toISOString();
    const parent = await seedToken(t.runtime, owner, null, parentExpiry);
    const inherits = await withToken(parent, 'POST', '/api/me/tokens', { name: 'no expiry asked' });
    expect(inherits.statusCode).toBe(201);
    expect(Date.parse(inherits.json().data.expires_at)).toBe(Date.parse(parentExpiry));
    const explicitNull = await withToken(parent, 'POST', '/api/me/tokens', {
      name: 'never',
      expires_at: null,
    });
    expect(Date.parse(explicitNull.json().data.expires_at)).toBe(Date.parse(parentExpiry));
    const later = await withToken(parent, 'POST', '/api/me/tokens', {
      name: 'forever',
      expires_at: '2099-01-01T00:00:00Z',
    });
    expect(later.statusCode).toBe(422);
    expect(later.json().errors.expires_at).toHaveLength(1);
    const sooner = new Date(Date.now() + 30_000).toISOString();
    const shorter = await withToken(parent, 'POST', '/api/me/tokens', {
      name: 'shorter',
      expires_at: sooner,
    });
    expect(shorter.statusCode).toBe(201);
    expect(Date.parse(shorter.json().data.expires_at)).toBe(Date.parse(sooner));
    // A session is no expiring credential: a token made there may have no expiry.
    const session = await signIn(t.app, host, 'brief@me.test');
    const lasting = await withSession(session, 'POST', '/api/me/tokens', { name: 'lasting' });
    expect(lasting.json().data.expires_at).toBeNull();
  });
});

describe('account changes through API tokens', () => {
  it('refuses a narrowed token every account change, unless it names account.manage; reading stays open', async () => {
    const id = await seedUser(t.runtime, siteId, roles, { email: 'scoped-down@me.test', role: 'editor' });
    const narrow = await seedToken(t.runtime, id, ['posts.view']);
    const other = await seedToken(t.runtime, id);
    const otherId = (await identityOf(t.runtime).tokens.listOf(id)).find((r) =>
      other.startsWith(`${r.prefix}_`),
    )?.id;
    expect((await withToken(narrow, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await withToken(narrow, 'GET', '/api/me/tokens')).statusCode).toBe(200);
    const refused = [
      await withToken(narrow, 'PUT', '/api/me', { display_name: 'Taken over' }),
      await withToken(narrow, 'DELETE', `/api/me/tokens/${otherId}`),
      await withToken(narrow, 'POST', '/api/me/two-factor/setup'),
      await withToken(narrow, 'POST', '/api/me/two-factor/enable', { code: '123456' }),
      await withToken(narrow, 'POST', '/api/me/two-factor/disable', { password: PASSWORD }),
      await withToken(narrow, 'POST', '/api/me/two-factor/recovery-codes', { password: PASSWORD }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    expect((await new UsersRepo(t.runtime.data.global).findById(id))?.display_name).toBe('scoped-down');
    expect((await withToken(other, 'GET', '/api/me')).statusCode).toBe(200);

    const allowed = await seedToken(t.runtime, id, ['posts.view', 'account.manage']);
    expect((await withToken(allowed, 'PUT', '/api/me', { display_name: 'Renamed' })).statusCode).toBe(200);
    // A token without a list acts as its owner, and so does a session.
    expect((await withToken(other, 'PUT', '/api/me', { locale: 'fr' })).statusCode).toBe(200);
    const session = await signIn(t.app, host, 'scoped-down@me.test');
    expect((await withSession(session, 'PUT', '/api/me', { locale: 'de' })).statusCode).toBe(200);
    expect(t.runtime.permissions.has('account.manage')).toBe(true);
  });

  it('revokes the API tokens with a new password, all but the one making the change, and says how many', async () => {
    const id = await seedUser(t.runtime, siteId, roles, { email: 'revoke@me.test', role: 'author' });
    const first = await seedToken(t.runtime, id);
    const second = await seedToken(t.runtime, id);
    expect((await withToken(first, 'GET', '/api/me')).statusCode).toBe(200);
    const session = await signIn(t.app, host, 'revoke@me.test');
    const renamed = await withSession(session, 'PUT', '/api/me', { display_name: 'Still here' });
    expect(renamed.json().meta).toEqual({ tokens_revoked: 0 });
    const changed = await withToken(second, 'PUT', '/api/me', {
      password: 'a brand new passphrase',
      current_password: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().meta).toEqual({ tokens_revoked: 1 });
    expect((await withToken(first, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await withToken(second, 'GET', '/api/me')).statusCode).toBe(200);
    const again = await withSession(
      await signIn(t.app, host, 'revoke@me.test', 'a brand new passphrase'),
      'PUT',
      '/api/me',
      {
        password: 'yet another passphrase',
        current_password: 'a brand new passphrase',
      },
    );
    expect(again.json().meta).toEqual({ tokens_revoked: 1 });
    expect((await withToken(second, 'GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('GET /api/me/sites', () => {
  it("lists the sites a user belongs to, with the role there; a Super Admin's lists them all", async () => {
    const other = await seedSiteWithRoles(t.runtime, 'other-me.test');
    const third = await seedSiteWithRoles(t.runtime, 'third-me.test');
    const id = await seedUser(t.runtime, siteId, roles, { email: 'two-sites@me.test', role: 'editor' });
    await seedUser(t.runtime, other.siteId, other.roles, { email: 'other-only@me.test', role: 'author' });
    await new MembersRepo(t.runtime.data.site(other.siteId)).assign(
      id,
      other.roles.get('author') ?? 0,
      new Date().toISOString(),
    );
    const res = await withToken(await seedToken(t.runtime, id, null, null, siteId), 'GET', '/api/me/sites');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { id: siteId, name: `Site ${host}`, primary_domain: host, role: 'editor', current: true },
      {
        id: other.siteId,
        name: 'Site other-me.test',
        primary_domain: 'other-me.test',
        role: 'author',
        current: false,
      },
    ]);

    const root = await seedUser(t.runtime, siteId, roles, {
      email: 'root-sites@me.test',
      role: 'super_admin',
    });
    const all = (await withToken(await seedToken(t.runtime, root), 'GET', '/api/me/sites')).json().data;
    expect(all.map((site: { id: number }) => site.id)).toEqual(
      expect.arrayContaining([siteId, other.siteId, third.siteId]),
    );
    expect(all.find((site: { id: number }) => site.id === third.siteId).role).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/me/sites', headers: { host } })).statusCode).toBe(401);
  });
});
