import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { AppError } from '../../core/errors.js';
import { type InstallInput, install, isInstalled } from './service-install.js';

let t: TestContext;
const PASSWORD = 'correct horse battery staple';
const input: InstallInput = {
  siteName: 'Acme Blog',
  domain: 'Blog.Acme.TEST:8080',
  adminEmail: 'Owner@Acme.test',
  adminPassword: PASSWORD,
  adminName: 'Olive Owner',
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '10000' });
});
afterAll(() => t.close());

async function rowCounts() {
  const db = t.runtime.data.raw;
  const count = async (
    table: 'sites' | 'site_domains' | 'users' | 'roles' | 'site_members' | 'activity_log',
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    sites: await count('sites'),
    domains: await count('site_domains'),
    users: await count('users'),
    roles: await count('roles'),
    members: await count('site_members'),
    activity: await count('activity_log'),
  };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the install to fail');
}

describe('install', () => {
  it('refuses bad input per field and writes nothing', async () => {
    const error = await failureOf(
      install(
        t.runtime,
        { ...input, domain: 'not a host', adminPassword: 'short' },
        { via: 'cli', ip: null },
      ),
    );
    expect(error.status).toBe(422);
    expect(Object.keys(error.fields).sort()).toEqual(['admin_password', 'domain']);
    expect(await rowCounts()).toEqual({ sites: 0, domains: 0, users: 0, roles: 0, members: 0, activity: 0 });
    expect(await isInstalled(t.runtime)).toBe(false);
  });

  it('answers 404 for the host before the install', async () => {
    const res = await t.app.inject({ url: '/api/site', headers: { host: 'blog.acme.test' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('site_not_found');
  });

  it('creates the site, the five default roles and a Super Admin member', async () => {
    const { site, admin } = await install(t.runtime, input, { via: 'cli', ip: null });
    expect(site).toMatchObject({
      name: 'Acme Blog',
      handle: 'acme-blog',
      primary_domain: 'blog.acme.test',
      default_locale: 'en',
      locales: ['en'],
    });
    expect(admin).toMatchObject({
      email: 'Owner@Acme.test',
      display_name: 'Olive Owner',
      is_super_admin: 1,
      status: 'active',
    });
    expect(admin.password_hash).not.toContain(PASSWORD);
    expect(await rowCounts()).toEqual({ sites: 1, domains: 1, users: 1, roles: 5, members: 1, activity: 1 });
    const role = await t.runtime.data
      .site(site.id)
      .selectFrom('roles')
      .innerJoin('site_members', 'site_members.role_id', 'roles.id')
      .select('roles.slug')
      .where('site_members.user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(role.slug).toBe('super_admin');
    const activity = await t.runtime.data
      .site(site.id)
      .selectFrom('activity_log')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      action: 'site.installed',
      user_id: admin.id,
      subject_id: String(site.id),
    });
    expect(await isInstalled(t.runtime)).toBe(true);
  });

  it('serves the site at once (the missed host is no longer cached) through GET /api/site', async () => {
    const res = await t.app.inject({ url: '/api/site', headers: { host: 'blog.acme.test:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Acme Blog',
        primary_domain: 'blog.acme.test',
        default_locale: 'en',
        locales: ['en'],
        branding: {
          name: null,
          logo_url: null,
          favicon_url: null,
          primary_color: null,
          secondary_color: null,
          accent_color: null,
        },
        time_zone: 'UTC',
        // What an editor is warned against before saving a post that would get 413.
        body_limit_bytes: 1_048_576,
      },
      meta: {},
    });
  });

  it('lets the Super Admin sign in on the domain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'blog.acme.test' },
      payload: { email: 'owner@acme.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ is_super_admin: true, role: { slug: 'super_admin' } });
  });

  it('refuses a second install with 409 already_installed and changes nothing', async () => {
    const before = await rowCounts();
    const error = await failureOf(
      install(
        t.runtime,
        { ...input, domain: 'other.test', adminEmail: 'x@other.test' },
        { via: 'cli', ip: null },
      ),
    );
    expect(error.status).toBe(409);
    expect(error.code).toBe('already_installed');
    expect(error.message).toBe('Tessera is already installed.');
    expect(await rowCounts()).toEqual(before);
  });

  it('documents GET /api/site as public in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/api/site'].get['x-permission']).toBe('public');
    expect(paths['/api/setup'].post['x-permission']).toBe('public');
  });
});
