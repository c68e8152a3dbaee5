import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  bearer,
  MATRIX_ACTORS,
  type MatrixActor,
  seedMatrix,
  seedSiteWithRoles,
  signIn,
} from '../../../../test/identity-fixtures.js';

/**
 * Spec 5.3: no valid credentials → 401; authenticated without the route's permission → 403.
 * Each default role, a user who is not a member of the site, and anonymous, over representative
 * endpoints. Bodies are valid so an allowed call succeeds rather than failing validation.
 */
let t: TestContext;
let seeded: Awaited<ReturnType<typeof seedMatrix>>;
const host = 'matrix.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
  seeded = await seedMatrix(t.runtime, siteId, roles, host);
});
afterAll(() => t.close());

type Who = MatrixActor | 'anonymous';
type Endpoint = {
  method: 'GET' | 'POST';
  url: string;
  body?: (who: Who) => Record<string, unknown>;
  allowed: readonly Who[];
  ok: number;
};

const managers = ['super_admin', 'admin'] as const;
const everyMember = ['super_admin', 'admin', 'editor', 'author', 'contributor'] as const;

const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/users', allowed: managers, ok: 200 },
  {
    method: 'POST',
    url: '/api/users',
    body: (who) => ({
      email: `new-${who}@matrix.test`,
      display_name: 'New',
      password: 'a fine long passphrase',
      role: 'author',
    }),
    allowed: managers,
    ok: 201,
  },
  { method: 'GET', url: '/api/roles', allowed: managers, ok: 200 },
  {
    method: 'POST',
    url: '/api/roles',
    body: (who) => ({ name: `Role of ${who}`, permissions: ['posts.view'] }),
    allowed: managers,
    ok: 201,
  },
  { method: 'GET', url: '/api/permissions', allowed: managers, ok: 200 },
  { method: 'GET', url: '/api/me', allowed: [...everyMember, 'outsider'], ok: 200 },
  {
    method: 'POST',
    url: '/api/me/tokens',
    body: (who) => ({ name: `token of ${who}` }),
    allowed: everyMember,
    ok: 201,
  },
];

const everyone: Who[] = [...MATRIX_ACTORS, 'anonymous'];

describe.each(endpoints)('$method $url', (endpoint) => {
  it.each(everyone)('as %s', async (who) => {
    const headers = { host, ...(who === 'anonymous' ? {} : bearer(seeded[who].token)) };
    const res = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      headers,
      payload: endpoint.body?.(who),
    });
    const expected = who === 'anonymous' ? 401 : endpoint.allowed.includes(who) ? endpoint.ok : 403;
    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 403) expect(res.json().code).toBe('permission_denied');
    if (expected === 401) expect(res.headers['www-authenticate']).toContain('Bearer');
  });
});

describe('with a session instead of a token', () => {
  it('lets an admin list and create users with the CSRF token, and refuses an editor with 403', async () => {
    const admin = await signIn(t.app, host, seeded.admin.email);
    const listed = await t.app.inject({ url: '/api/users', headers: { host, cookie: admin.cookie } });
    expect(listed.statusCode).toBe(200);
    const payload = {
      email: 'session-made@matrix.test',
      display_name: 'Made',
      password: 'a fine long passphrase',
      role: 'editor',
    };
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { host, cookie: admin.cookie },
      payload,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('csrf_token_invalid');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { host, cookie: admin.cookie, 'x-csrf-token': admin.csrf },
      payload,
    });
    expect(created.statusCode).toBe(201);

    const editor = await signIn(t.app, host, seeded.editor.email);
    const denied = await t.app.inject({ url: '/api/roles', headers: { host, cookie: editor.cookie } });
    expect(denied.statusCode).toBe(403);
    const me = await t.app.inject({ url: '/api/me', headers: { host, cookie: editor.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: seeded.editor.email, role: { slug: 'editor' } });
    expect(me.json().data.permissions).toContain('posts.edit_others');
  });

  it('refuses to sign in a user who is not a member of the site', async () => {
    await expect(signIn(t.app, host, seeded.outsider.email)).rejects.toThrow(/403/);
  });
});
