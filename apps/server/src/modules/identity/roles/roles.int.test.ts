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
import { slugOf } from './service.js';

let t: TestContext;
let siteId: number;
let roles: Map<string, number>;
let rootToken: string;
let adminId: number;
let adminToken: string;
const host = 'roles.test';

interface Role {
  id: number;
  slug: string;
  permissions: string[];
  member_count: number;
  is_default: boolean;
  is_locked: boolean;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
  rootToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, roles, { email: 'root@roles.test', role: 'super_admin' }),
  );
  adminId = await seedUser(t.runtime, siteId, roles, { email: 'admin@roles.test', role: 'admin' });
  adminToken = await seedToken(t.runtime, adminId);
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

async function roleBySlug(slug: string): Promise<Role> {
  const all = (await call(rootToken, 'GET', '/api/roles?limit=100')).json().data as Role[];
  const role = all.find((r) => r.slug === slug);
  if (!role) throw new Error(`no role ${slug}`);
  return role;
}

describe('GET /api/permissions', () => {
  it('lists more than 40 permissions grouped by area, every one of spec 2.7 among them, each described', async () => {
    const res = await call(adminToken, 'GET', '/api/permissions');
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as Array<{
      area: string;
      permissions: Array<{ id: string; description: string }>;
    }>;
    const ids = groups.flatMap((g) => g.permissions.map((p) => p.id));
    expect(ids.length).toBeGreaterThanOrEqual(40);
    const spec = ['pages', 'posts'].flatMap((area) =>
      ['view', 'create', 'edit', 'delete', 'publish'].map((a) => `${area}.${a}`),
    );
    spec.push('media.view', 'media.upload', 'media.edit', 'media.delete');
    spec.push(
      ...['users', 'roles'].flatMap((area) =>
        ['view', 'create', 'edit', 'delete'].map((a) => `${area}.${a}`),
      ),
    );
    spec.push('settings.view', 'settings.edit', 'plugins.manage', 'themes.manage');
    expect(ids).toEqual(expect.arrayContaining(spec));
    for (const group of groups) {
      for (const permission of group.permissions) {
        expect(permission.id.startsWith(`${group.area}.`)).toBe(true);
        expect(permission.description.length).toBeGreaterThan(5);
      }
    }
    expect(groups.map((g) => g.area)).toEqual([...groups.map((g) => g.area)].sort());
  });
});

describe('default roles', () => {
  it('documents the permission sets every site starts with', async () => {
    const all = t.runtime.permissions.all();
    const author = (await roleBySlug('author')).permissions;
    expect(author).toEqual(expect.arrayContaining(['posts.publish', 'media.upload']));
    expect(author).not.toContain('posts.edit_others');
    const contributor = (await roleBySlug('contributor')).permissions;
    expect(contributor).not.toContain('posts.publish');
    expect(contributor).not.toContain('media.upload');
    expect((await roleBySlug('editor')).permissions).toEqual(
      expect.arrayContaining(['posts.edit_others', 'comments.moderate', 'taxonomies.manage', 'menus.manage']),
    );
    expect((await roleBySlug('admin')).permissions).toEqual(
      all.filter((id) => !id.startsWith('sites.') && !id.startsWith('jobs.')).sort(),
    );
    const superAdmin = await roleBySlug('super_admin');
    expect(superAdmin.permissions).toEqual([...all].sort());
    expect(superAdmin).toMatchObject({ is_default: true, is_locked: true });
  });

  it('cannot be deleted, and Super Admin cannot be edited', async () => {
    const editor = await roleBySlug('editor');
    const res = await call(rootToken, 'DELETE', `/api/roles/${editor.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('default_role');
    const superAdmin = await roleBySlug('super_admin');
    for (const payload of [{ name: 'Boss' }, { permissions: ['posts.view'] }]) {
      const locked = await call(rootToken, 'PUT', `/api/roles/${superAdmin.id}`, payload);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().code).toBe('role_locked');
    }
  });
});

describe('custom roles', () => {
  it('derives the slug from the name', () => {
    expect(slugOf('Site Manager (EU)')).toBe('site_manager_eu');
    expect(slugOf('Rédacteur en chef')).toBe('redacteur_en_chef');
    expect(slugOf('!!!')).toBe('');
  });

  it('creates one with a derived slug and records role.created', async () => {
    const res = await call(adminToken, 'POST', '/api/roles', {
      name: 'SEO Team',
      permissions: ['posts.view', 'posts.edit', 'posts.view'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      slug: 'seo_team',
      name: 'SEO Team',
      permissions: ['posts.edit', 'posts.view'],
      is_default: false,
      member_count: 0,
    });
    const [entry] = await activityOf(t.runtime, siteId, 'role.created');
    expect(entry).toMatchObject({
      user_id: adminId,
      details: { slug: 'seo_team', permissions: ['posts.edit', 'posts.view'] },
    });
  });

  it('refuses a taken slug (409), unknown permissions (422 naming each), a blank name and granting what one lacks', async () => {
    const taken = await call(adminToken, 'POST', '/api/roles', { name: 'Seo team' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug).toBeDefined();
    const unknown = await call(adminToken, 'POST', '/api/roles', {
      name: 'Odd',
      permissions: ['posts.view', 'posts.fly', 'magic.cast'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.permissions).toEqual([
      'Unknown permission "magic.cast".',
      'Unknown permission "posts.fly".',
    ]);
    expect((await call(adminToken, 'POST', '/api/roles', { name: '   ' })).statusCode).toBe(422);
    expect((await call(adminToken, 'POST', '/api/roles', { name: 'Bad', slug: 'Bad Slug' })).statusCode).toBe(
      422,
    );
    const beyond = await call(adminToken, 'POST', '/api/roles', {
      name: 'Site Boss',
      permissions: ['sites.manage'],
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().code).toBe('permission_not_held');
    expect(
      (await call(rootToken, 'POST', '/api/roles', { name: 'Site Boss', permissions: ['sites.manage'] }))
        .statusCode,
    ).toBe(201);
  });

  it('records the permission changes of an edit', async () => {
    const role = await roleBySlug('seo_team');
    const res = await call(adminToken, 'PUT', `/api/roles/${role.id}`, {
      permissions: ['posts.view', 'media.view'],
      description: 'Search people',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.permissions).toEqual(['media.view', 'posts.view']);
    expect((await activityOf(t.runtime, siteId, 'role.updated')).at(-1)?.details).toEqual({
      description: ['', 'Search people'],
      permissions: { added: ['media.view'], removed: ['posts.edit'] },
    });
    expect((await call(adminToken, 'PUT', '/api/roles/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('cannot be deleted while someone has it, then can', async () => {
    const role = await roleBySlug('seo_team');
    const memberId = await seedUser(t.runtime, siteId, new Map([['seo_team', role.id]]), {
      email: 'seo@roles.test',
      role: 'seo_team',
    });
    expect((await roleBySlug('seo_team')).member_count).toBe(1);
    const inUse = await call(adminToken, 'DELETE', `/api/roles/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('role_in_use');
    expect((await call(adminToken, 'PUT', `/api/users/${memberId}`, { role: 'author' })).statusCode).toBe(
      200,
    );
    expect((await call(adminToken, 'DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204);
    expect((await call(adminToken, 'GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
    expect((await activityOf(t.runtime, siteId, 'role.deleted')).at(-1)?.details).toEqual({
      slug: 'seo_team',
      name: 'SEO Team',
    });
  });

  it('pages the list and refuses page=0 and limit=101', async () => {
    const res = await call(adminToken, 'GET', '/api/roles?limit=2&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json().meta).toMatchObject({ per_page: 2, current_page: 2 });
    expect((await call(adminToken, 'GET', '/api/roles?page=0')).statusCode).toBe(422);
    expect((await call(adminToken, 'GET', '/api/roles?limit=101')).statusCode).toBe(422);
  });
});

describe('a role edited mid-session', () => {
  it('takes a permission away from signed-in users and their tokens on the very next request', async () => {
    const created = await call(adminToken, 'POST', '/api/roles', {
      name: 'Auditor',
      permissions: ['users.view', 'roles.view'],
    });
    const auditorRole = created.json().data as Role;
    await seedUser(t.runtime, siteId, new Map([['auditor', auditorRole.id]]), {
      email: 'auditor@roles.test',
      role: 'auditor',
    });
    const session = await signIn(t.app, host, 'auditor@roles.test');
    const users = await t.app.inject({ url: '/api/users', headers: { host, cookie: session.cookie } });
    expect(users.statusCode).toBe(200);
    const { id: auditorId } = (
      await t.app.inject({ url: '/api/me', headers: { host, cookie: session.cookie } })
    ).json().data;
    const token = await seedToken(t.runtime, auditorId);
    expect((await t.app.inject({ url: '/api/users', headers: { host, ...bearer(token) } })).statusCode).toBe(
      200,
    );

    const edit = await call(adminToken, 'PUT', `/api/roles/${auditorRole.id}`, {
      permissions: ['roles.view'],
    });
    expect(edit.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/users', headers: { host, cookie: session.cookie } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/users', headers: { host, ...bearer(token) } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/roles', headers: { host, ...bearer(token) } })).statusCode).toBe(
      200,
    );

    await call(adminToken, 'PUT', `/api/roles/${auditorRole.id}`, {
      permissions: ['roles.view', 'users.view'],
    });
    expect(
      (await t.app.inject({ url: '/api/users', headers: { host, cookie: session.cookie } })).statusCode,
    ).toBe(200);
  });
});

describe('concurrent edits of one role', () => {
  it('serializes them: the last writer wins whole, nothing merges, nothing fails', async () => {
    const created = await call(rootToken, 'POST', '/api/roles', {
      name: 'Contested',
      permissions: ['pages.view'],
    });
    const id = created.json().data.id as number;
    const sets = [
      ['posts.view', 'posts.create'],
      ['media.view', 'media.upload'],
      ['comments.view', 'comments.moderate'],
      ['menus.manage', 'taxonomies.manage'],
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(rootToken, 'PUT', `/api/roles/${id}`, { permissions: sets[i % sets.length] }),
      ),
    );
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
    const final = (await call(rootToken, 'GET', `/api/roles/${id}`)).json().data.permissions as string[];
    expect(sets.map((set) => [...set].sort())).toContainEqual(final);
  });
});
