import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { PASSWORD, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { recordActivity } from '../../core/activity/record.js';
import { ActivityService } from './service.js';

let t: TestContext;
let siteId: number;
let adminToken: string;
let authorToken: string;
let adminId: number;
const host = 'example.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '10000', ACTIVITY_RETENTION_DAYS: '30' });
  const seeded = await seedSiteWithRoles(t.runtime, host);
  siteId = seeded.siteId;
  adminId = await seedUser(t.runtime, siteId, seeded.roles, { email: 'admin@example.test', role: 'admin' });
  const authorId = await seedUser(t.runtime, siteId, seeded.roles, {
    email: 'author@example.test',
    role: 'author',
  });
  adminToken = await seedToken(t.runtime, adminId);
  authorToken = await seedToken(t.runtime, authorId);
  const login = (password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host },
      payload: { email: 'admin@example.test', password },
      remoteAddress: ip,
    });
  await login(PASSWORD, '192.0.2.1');
  await login('wrong password 1', '192.0.2.2');
  await recordActivity(t.runtime.data, siteId, {
    userId: adminId,
    action: 'user.updated',
    subjectType: 'user',
    subjectId: authorId,
    ip: '192.0.2.3',
    details: { display_name: ['=cmd()', 'Author'] },
  });
});
afterAll(() => t.close());

const get = (url: string, token = adminToken) =>
  t.app.inject({ url, headers: { host, authorization: `Bearer ${token}` } });

describe('GET /api/activity', () => {
  it('lists entries newest first with user, IP and details', async () => {
    const res = await get('/api/activity');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 3, per_page: 20, current_page: 1, last_page: 1 });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'user.updated',
      'auth.login_failed',
      'auth.login',
    ]);
    expect(body.data[2]).toMatchObject({
      user: { id: adminId, email: 'admin@example.test' },
      ip: '192.0.2.1',
      details: { method: 'password' },
    });
    expect(body.data[2].created_at).toMatch(/Z$/);
  });

  it('filters by action, wildcard, user, subject and date range', async () => {
    expect((await get('/api/activity?action=auth.login')).json().meta.total).toBe(1);
    expect((await get('/api/activity?action=auth.*')).json().meta.total).toBe(2);
    expect((await get(`/api/activity?user_id=${adminId}`)).json().meta.total).toBe(3);
    expect((await get('/api/activity?subject_type=user&action=user.updated')).json().meta.total).toBe(1);
    expect((await get('/api/activity?from=2999-01-01T00:00:00Z')).json().meta.total).toBe(0);
    expect((await get('/api/activity?to=2000-01-01T00:00:00Z')).json().meta.total).toBe(0);
  });

  it('paginates and refuses out-of-range values', async () => {
    const res = await get('/api/activity?page=2&limit=2');
    expect(res.json().meta).toEqual({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(res.json().data).toHaveLength(1);
    for (const query of ['page=0', 'limit=101', 'from=yesterday', 'user_id=abc']) {
      const bad = await get(`/api/activity?${query}`);
      expect(bad.statusCode, query).toBe(422);
    }
  });

  it('needs activity.view', async () => {
    expect((await get('/api/activity', authorToken)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/activity', headers: { host } })).statusCode).toBe(401);
  });
});

describe('GET /api/activity/export', () => {
  it('exports the filtered log as CSV with formulas defused', async () => {
    const res = await get('/api/activity/export?action=user.updated');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,user_id,user_email,action,subject_type,subject_id,ip,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('user.updated');
    expect(lines[1]).toContain('""=cmd()""');
  });
});

describe('retention', () => {
  it('prunes entries older than the retention period', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.runtime.data
      .site(siteId)
      .updateTable('activity_log')
      .set({ created_at: old })
      .where('action', '=', 'auth.login_failed')
      .execute();
    expect(await new ActivityService(t.runtime).prune()).toBe(1);
    expect((await get('/api/activity?action=auth.login_failed')).json().meta.total).toBe(0);
    expect((await get('/api/activity')).json().meta.total).toBeGreaterThanOrEqual(2);
  });
});

describe('action wildcards', () => {
  it('matches an area with an underscore literally (two_factor.*)', async () => {
    for (const action of ['two_factor.enabled', 'two_factor.disabled', 'twoxfactor.enabled']) {
      await recordActivity(t.runtime.data, siteId, { userId: adminId, action, ip: null });
    }
    const res = await get('/api/activity?action=two_factor.*');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['two_factor.disabled', 'two_factor.enabled']);
    // A LIKE metacharacter in the filter is text, not a pattern.
    expect((await get('/api/activity?action=%25.*')).json().meta.total).toBe(0);
  });
});
