import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import {
  activityOf,
  bearer,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../test/identity-fixtures.js';

let t: TestContext;
let mainId: number;
let mainRoles: Map<string, number>;
let rootToken: string;
let adminToken: string;
const host = 'main-sites.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
  mainId = siteId;
  mainRoles = roles;
  const rootId = await seedUser(t.runtime, siteId, roles, { email: 'root@sites.test', role: 'super_admin' });
  // Installation-wide: the Super Admin works on the sites these tests create.
  rootToken = await seedToken(t.runtime, rootId, null, null, null);
  adminToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, roles, { email: 'admin@sites.test', role: 'admin' }),
  );
});
afterAll(() => t.close());

function call(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  onHost = host,
) {
  return t.app.inject({ method, url, headers: { host: onHost, ...(token ? bearer(token) : {}) }, payload });
}

async function siteCount(): Promise<number> {
  return t.runtime.siteStore.count();
}

describe('/api/sites access', () => {
  it('is for Super Admins: a site Admin, a narrowed token and a custom role holding sites.view get 403', async () => {
    expect((await call(rootToken, 'GET', '/api/sites')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/sites')).statusCode).toBe(401);
    const admin = await call(adminToken, 'GET', '/api/sites');
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('permission_denied');

    const rootId = (await call(rootToken, 'GET', '/api/me')).json().data.id;
    const narrowed = await seedToken(t.runtime, rootId, ['users.view']);
    expect((await call(narrowed, 'GET', '/api/sites')).statusCode).toBe(403);

    const role = await call(rootToken, 'POST', '/api/roles', {
      name: 'Site Watcher',
      permissions: ['sites.view'],
    });
    expect(role.statusCode).toBe(201);
    const user = await call(rootToken, 'POST', '/api/users', {
      email: 'watcher@sites.test',
      display_name: 'Watcher',
      password: 'a fine long passphrase',
      role: 'site_watcher',
    });
    const watcher = await seedToken(t.runtime, user.json().data.id);
    const refused = await call(watcher, 'GET', '/api/sites');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('super_admin_only');
  });

  it('lists with the pagination meta, and gives one site', async () => {
    const res = await call(rootToken, 'GET', '/api/sites?page=1&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ per_page: 1, current_page: 1, total: 1 });
    expect(res.json().data[0]).toMatchObject({
      id: mainId,
      primary_domain: host,
      enabled: true,
      theme: 'default',
    });
    expect((await call(rootToken, 'GET', '/api/sites?limit=101')).statusCode).toBe(422);
    expect((await call(rootToken, 'GET', `/api/sites/${mainId}`)).json().data.id).toBe(mainId);
    expect((await call(rootToken, 'GET', '/api/sites/99999')).statusCode).toBe(404);
  });
});

describe('POST /api/sites', () => {
  let newId: number;

  it('creates a site with the default roles, theme and branding, and nothing of another site', async () => {
    // A miss cached before the site exists must not outlive its creation.
    expect((await call(null, 'GET', '/api/site', undefined, 'shop.test')).statusCode).toBe(404);
    const res = await call(rootToken, 'POST', '/api/sites', {
      name: 'Shop',
      domain: 'Shop.TEST',
      aliases: ['www.shop.test'],
      default_locale: 'fr',
      locales: ['fr', 'en'],
      branding: { logo_url: 'https://cdn.shop.test/logo.svg', primary_color: '#ABC' },
    });
    expect(res.statusCode).toBe(201);
    const site = res.json().data;
    newId = site.id;
    expect(site).toMatchObject({
      handle: 'shop',
      name: 'Shop',
      primary_domain: 'shop.test',
      aliases: ['www.shop.test'],
      default_locale: 'fr',
      locales: ['fr', 'en'],
      theme: 'default',
      enabled: true,
      branding: { name: null, logo_url: 'https://cdn.shop.test/logo.svg', primary_color: '#aabbcc' },
    });
    const publicView = (await call(null, 'GET', '/api/site', undefined, 'www.shop.test')).json().data;
    expect(publicView).toMatchObject({ id: newId, branding: { primary_color: '#aabbcc' } });

    const roles = (await call(rootToken, 'GET', '/api/roles', undefined, 'shop.test')).json().data;
    expect(roles.map((r: { slug: string }) => r.slug).sort()).toEqual([
      'admin',
      'author',
      'contributor',
      'editor',
      'super_admin',
    ]);
    // Only the Super Admins, who belong to every site; no member of the main site came along.
    const users = (await call(rootToken, 'GET', '/api/users', undefined, 'shop.test')).json().data;
    expect(users.map((u: { email: string }) => u.email)).toEqual(['root@sites.test']);
    const custom = (await call(rootToken, 'GET', '/api/roles', undefined, host)).json().data;
    expect(custom.map((r: { slug: string }) => r.slug)).toContain('site_watcher');
    expect(roles.map((r: { slug: string }) => r.slug)).not.toContain('site_watcher');

    const created = await activityOf(t.runtime, newId, 'site.created');
    expect(created).toHaveLength(1);
    expect(created[0]?.details).toMatchObject({ domain: 'shop.test', handle: 'shop' });
  });

  it('derives a free handle when the name gives a taken one', async () => {
    const res = await call(rootToken, 'POST', '/api/sites', { name: 'Shop!', domain: 'shop2.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ handle: 'shop-2', locales: ['en'], default_locale: 'en' });
    const taken = await call(rootToken, 'POST', '/api/sites', {
      name: 'X',
      domain: 'x.test',
      handle: 'shop',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('handle');
  });

  it('refuses domains and aliases another site answers on, per field, and writes nothing', async () => {
    const before = await siteCount();
    const res = await call(rootToken, 'POST', '/api/sites', {
      name: 'Copy',
      domain: 'WWW.shop.test',
      aliases: ['fresh.test', host],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('domain_taken');
    expect(Object.keys(res.json().errors).sort()).toEqual(['aliases.1', 'domain']);
    expect(await siteCount()).toBe(before);
    expect(await t.runtime.siteStore.domainTaken('fresh.test')).toBe(false);
  });

  it('validates every field at once with 422', async () => {
    const before = await siteCount();
    const res = await call(rootToken, 'POST', '/api/sites', {
      name: ' ',
      domain: 'http://bad/',
      aliases: ['ok.test', 'OK.test'],
      default_locale: 'de',
      locales: ['en'],
      branding: { primary_color: 'blue', favicon_url: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'aliases.1',
      'branding.favicon_url',
      'branding.primary_color',
      'default_locale',
      'domain',
      'name',
    ]);
    // NUL and other control characters are refused as input, never handed to the database.
    // NUL is refused for every route before validation; other control characters by the site rules.
    const nul = await call(rootToken, 'POST', '/api/sites', {
      name: 'A\u0000B',
      domain: 'nul.test',
      branding: { logo_url: 'https://cdn.test/a\u0000.png' },
    });
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.json().errors).sort()).toEqual(['branding.logo_url', 'name']);
    const control = await call(rootToken, 'POST', '/api/sites', {
      name: 'A\u0007B',
      domain: 'bell.test',
      branding: { name: 'x\u0007' },
    });
    expect(control.statusCode).toBe(422);
    expect(Object.keys(control.json().errors).sort()).toEqual(['branding.name', 'name']);
    const unknown = await call(rootToken, 'POST', '/api/sites', { name: 'A', domain: 'a.test', theme: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('theme');
    expect(await siteCount()).toBe(before);
  });

  it('changes only the fields sent, merges branding and records the diff', async () => {
    const res = await call(rootToken, 'PUT', `/api/sites/${newId}`, {
      name: 'Shop & Co',
      aliases: ['www.shop.test', 'boutique.test'],
      branding: { accent_color: '#123456' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Shop & Co',
      aliases: ['boutique.test', 'www.shop.test'],
      branding: {
        logo_url: 'https://cdn.shop.test/logo.svg',
        primary_color: '#aabbcc',
        accent_color: '#123456',
      },
    });
    expect((await call(null, 'GET', '/api/site', undefined, 'boutique.test')).json().data.id).toBe(newId);
    const [updated] = await activityOf(t.runtime, newId, 'site.updated');
    expect(updated?.details).toMatchObject({ name: ['Shop', 'Shop & Co'] });
    expect(updated?.details).toHaveProperty('aliases');

    const clash = await call(rootToken, 'PUT', `/api/sites/${newId}`, { domain: host });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toHaveProperty('domain');
    // Dropping an alias frees it at once.
    await call(rootToken, 'PUT', `/api/sites/${newId}`, { aliases: [] });
    expect((await call(null, 'GET', '/api/site', undefined, 'boutique.test')).statusCode).toBe(404);
  });

  it('disables a site: its hosts answer 404 at once, its data stays, and enabling brings it back', async () => {
    expect((await call(null, 'GET', '/api/site', undefined, 'shop.test')).statusCode).toBe(200);
    const off = await call(rootToken, 'POST', `/api/sites/${newId}/disable`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    const gone = await call(rootToken, 'GET', '/api/roles', undefined, 'shop.test');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('site_not_found');
    const roles = await t.runtime.data.site(newId).selectFrom('roles').select('id').execute();
    expect(roles).toHaveLength(5);
    expect((await call(rootToken, 'GET', `/api/sites/${newId}`)).json().data.enabled).toBe(false);

    const on = await call(rootToken, 'POST', `/api/sites/${newId}/enable`);
    expect(on.json().data.enabled).toBe(true);
    expect((await call(null, 'GET', '/api/site', undefined, 'shop.test')).statusCode).toBe(200);
    const actions = (await activityOf(t.runtime, newId)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['site.disabled', 'site.enabled']));
  });

  it('refuses to disable the last enabled site', async () => {
    const all = (await call(rootToken, 'GET', '/api/sites')).json().data as Array<{ id: number }>;
    for (const site of all.filter((s) => s.id !== mainId)) {
      expect((await call(rootToken, 'POST', `/api/sites/${site.id}/disable`)).statusCode).toBe(200);
    }
    const last = await call(rootToken, 'POST', `/api/sites/${mainId}/disable`);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_enabled_site');
    expect((await call(null, 'GET', '/api/site')).statusCode).toBe(200);
  });
});

describe('PUT /api/site/branding', () => {
  it("lets the site's administrators white-label it, field by field, and no one else", async () => {
    const changed = await call(adminToken, 'PUT', '/api/site/branding', {
      name: 'Quay Studio',
      primary_color: '#7a1f5c',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.branding).toMatchObject({ name: 'Quay Studio', primary_color: '#7a1f5c' });
    expect((await call(null, 'GET', '/api/site')).json().data.branding.name).toBe('Quay Studio');

    const bad = await call(adminToken, 'PUT', '/api/site/branding', { primary_color: 'plum', name: 'Kept?' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['branding.primary_color']);
    expect((await call(null, 'GET', '/api/site')).json().data.branding.name).toBe('Quay Studio');

    const cleared = await call(adminToken, 'PUT', '/api/site/branding', { name: null });
    expect(cleared.json().data.branding).toMatchObject({ name: null, primary_color: '#7a1f5c' });

    const editor = await seedToken(
      t.runtime,
      await seedUser(t.runtime, mainId, mainRoles, { email: 'editor@sites.test', role: 'editor' }),
    );
    expect((await call(editor, 'PUT', '/api/site/branding', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/site/branding', { name: 'Mine' })).statusCode).toBe(401);
  });
});
