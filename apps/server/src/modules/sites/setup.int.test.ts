import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { sha256 } from '../../core/access/secrets.js';
import { createSetupToken } from './setup-token.js';

let t: TestContext;
const body = {
  site_name: 'Field Notes',
  domain: 'notes.test',
  admin_email: 'editor-in-chief@notes.test',
  admin_password: 'correct horse battery staple',
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '10000' });
});
afterAll(() => t.close());

function setup(payload: Record<string, unknown>) {
  // No site exists yet, so any host must do.
  return t.app.inject({ method: 'POST', url: '/api/setup', headers: { host: 'whatever.invalid' }, payload });
}

async function installedFlag(): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/setup', headers: { host: 'whatever.invalid' } });
  expect(res.statusCode).toBe(200);
  return res.json().data.installed;
}

async function siteCount(): Promise<number> {
  return t.runtime.siteStore.count();
}

describe('POST /api/setup', () => {
  it('GET /api/setup says not installed on an empty database', async () => {
    expect(await installedFlag()).toBe(false);
  });

  it('refuses an unknown token with 403 invalid_setup_token', async () => {
    await createSetupToken(t.runtime);
    const res = await setup({ ...body, token: 'not-the-token' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('invalid_setup_token');
    expect(await siteCount()).toBe(0);
  });

  it('refuses an expired token with 403', async () => {
    const token = await createSetupToken(t.runtime);
    await t.runtime.data.global
      .updateTable('setup_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const res = await setup({ ...body, token });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('invalid_setup_token');
  });

  it('validates the body per field (schema first, then the install rules)', async () => {
    const missing = await setup({ token: 'x', site_name: 'A' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['domain', 'admin_email', 'admin_password']),
    );
  });

  it('keeps the token usable when the install fails', async () => {
    const token = await createSetupToken(t.runtime);
    const bad = await setup({ ...body, token, admin_email: 'not-an-email', admin_password: 'password123' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['admin_email', 'admin_password']);
    const row = await t.runtime.data.global
      .selectFrom('setup_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect(await siteCount()).toBe(0);

    const good = await setup({ ...body, token, admin_name: 'Ed' });
    expect(good.statusCode).toBe(201);
    const { site, user } = good.json().data;
    expect(site).toMatchObject({
      name: 'Field Notes',
      handle: 'field-notes',
      primary_domain: 'notes.test',
      enabled: true,
    });
    expect(user).toMatchObject({
      email: body.admin_email,
      display_name: 'Ed',
      is_super_admin: true,
      role: { slug: 'super_admin' },
    });
    expect(user).not.toHaveProperty('password_hash');
    expect(await installedFlag()).toBe(true);

    const reused = await setup({ ...body, token });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('already_installed');
  });

  it('refuses any token once installed, even an unused one', async () => {
    const fresh = await createSetupToken(t.runtime);
    const res = await setup({ ...body, token: fresh, domain: 'second.test' });
    expect(res.statusCode).toBe(409);
    expect(await siteCount()).toBe(1);
  });

  it('records the install with the client address', async () => {
    const row = await t.runtime.data.raw.selectFrom('activity_log').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'site.installed', ip: '127.0.0.1' });
  });
});
