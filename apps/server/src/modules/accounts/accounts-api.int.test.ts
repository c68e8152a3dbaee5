import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { Conflict } from '../../core/errors.js';
import type { AccountHookView } from './hooks.js';
import { AccountsRepo } from './repo.js';

let t: TestContext;
let site: ContentSite;
let other: ContentSite;

/** What the hooks of a plugin keeping rows of accounts (a shop's orders) were told. */
const deleted: Array<{ account: AccountHookView; mode: string }> = [];
let refuseDeletionOf: number | null = null;

async function seedAccount(
  of: ContentSite,
  email: string,
  values: { name?: string; status?: 'active' | 'suspended'; at?: string } = {},
): Promise<number> {
  const at = values.at ?? new Date().toISOString();
  return new AccountsRepo(t.runtime.data.site(of.siteId)).insert({
    email,
    email_normalized: email.toLowerCase(),
    name: values.name ?? email.split('@')[0] ?? 'Someone',
    password_hash: 'not-a-hash',
    status: values.status ?? 'active',
    locale: 'en',
    email_verified_at: at,
    last_sign_in_at: null,
    created_at: at,
    updated_at: at,
  });
}

/** A visitor session of the account, as signing in leaves one. */
async function seedSession(of: ContentSite, accountId: number): Promise<void> {
  const at = new Date().toISOString();
  await t.runtime.data
    .site(of.siteId)
    .insertInto('visitor_sessions', {
      id: `${accountId}-${Math.random()}`.padEnd(64, '0').slice(0, 64),
      account_id: accountId,
      data: '{}',
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
}

const sessionsOf = async (of: ContentSite, accountId: number) =>
  (
    await t.runtime.data
      .site(of.siteId)
      .selectFrom('visitor_sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .execute()
  ).length;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  site = await seedContentSite(t.app, t.runtime, 'a.test');
  other = await seedContentSite(t.app, t.runtime, 'b.test');
  t.runtime.hooks.addAction(
    'account.deleted',
    (_context, event) => {
      if (event.account.id === refuseDeletionOf) throw new Conflict('Orders are open.', 'orders_open');
      deleted.push(event);
    },
    { owner: 'plugin:shop' },
  );
  t.runtime.hooks.addFilter(
    'account.export',
    (data, _context, account) => ({ ...data, plugins: { ...data.plugins, shop: { orders: [account.id] } } }),
    { owner: 'plugin:shop' },
  );
});
afterAll(() => t.close());

describe(`GET /api/accounts and what administrators do with accounts (${testEngine})`, () => {
  it('is for those holding accounts.view and accounts.manage, which Admins hold', async () => {
    const id = await seedAccount(site, 'perm@example.test');
    expect((await site.call('anonymous', 'GET', '/api/accounts')).statusCode).toBe(401);
    const editor = await site.call('editor', 'GET', '/api/accounts');
    expect(editor.statusCode).toBe(403);
    expect(editor.json().code).toBe('permission_denied');
    expect((await site.call('editor', 'POST', `/api/accounts/${id}/suspend`)).statusCode).toBe(403);
    expect((await site.call('editor', 'GET', `/api/accounts/${id}/export`)).statusCode).toBe(403);
    expect((await site.call('admin', 'GET', '/api/accounts')).statusCode).toBe(200);
    const permissions = (await site.call('admin', 'GET', '/api/permissions')).json().data;
    expect(JSON.stringify(permissions)).toContain('accounts.manage');
  });

  it('lists the newest first, searches email and name, filters by status and pages', async () => {
    const listed = await seedContentSite(t.app, t.runtime, 'c.test');
    for (let i = 0; i < 23; i++)
      await seedAccount(listed, `member${i}@example.test`, {
        name: i === 7 ? 'Zed Zimmer' : `Member ${i}`,
        status: i % 5 === 0 ? 'suspended' : 'active',
        at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
    const first = await listed.call('admin', 'GET', '/api/accounts?limit=10');
    expect(first.json().meta).toEqual({ total: 23, per_page: 10, current_page: 1, last_page: 3 });
    expect(first.json().data[0].email).toBe('member22@example.test');
    expect(first.json().data[0]).not.toHaveProperty('password_hash');
    const third = await listed.call('admin', 'GET', '/api/accounts?limit=10&page=3');
    expect(third.json().data.map((a: { email: string }) => a.email)).toEqual([
      'member2@example.test',
      'member1@example.test',
      'member0@example.test',
    ]);
    const found = await listed.call('admin', 'GET', '/api/accounts?search=zIMM');
    expect(found.json().data.map((a: { name: string }) => a.name)).toEqual(['Zed Zimmer']);
    expect((await listed.call('admin', 'GET', '/api/accounts?search=member1')).json().meta.total).toBe(11);
    expect((await listed.call('admin', 'GET', '/api/accounts?search=%25')).json().meta.total).toBe(0);
    const suspended = await listed.call('admin', 'GET', '/api/accounts?status=suspended');
    expect(suspended.json().meta.total).toBe(5);
    // Another site's accounts are not this one's.
    expect((await other.call('admin', 'GET', '/api/accounts?search=member')).json().meta.total).toBe(0);
  });

  it('refuses what does not fit with 422 per field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
      ['status=gone', 'status'],
      ['search=', 'search'],
    ]) {
      const res = await site.call('admin', 'GET', `/api/accounts?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    const id = await seedAccount(site, 'mode@example.test');
    for (const query of ['', '?mode=shred']) {
      const res = await site.call('admin', 'DELETE', `/api/accounts/${id}${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toContain('mode');
    }
    expect((await site.call('admin', 'GET', '/api/accounts/abc')).statusCode).toBe(422);
  });

  it('reads one account, 404 for none or for another site’s', async () => {
    const id = await seedAccount(site, 'one@example.test', { name: 'One' });
    const res = await site.call('admin', 'GET', `/api/accounts/${id}`);
    expect(res.json().data).toMatchObject({ id, email: 'one@example.test', name: 'One', status: 'active' });
    const theirs = await seedAccount(other, 'theirs@example.test');
    for (const missing of [theirs, 999_999]) {
      const gone = await site.call('admin', 'GET', `/api/accounts/${missing}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('account_not_found');
    }
  });

  it('suspends an account, ending its sessions, and lets it back in; 409 when it already is', async () => {
    const id = await seedAccount(site, 'suspect@example.test');
    await seedSession(site, id);
    const suspended = await site.call('admin', 'POST', `/api/accounts/${id}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data.status).toBe('suspended');
    expect(await sessionsOf(site, id)).toBe(0);
    const twice = await site.call('admin', 'POST', `/api/accounts/${id}/suspend`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('account_already_suspended');
    const back = await site.call('admin', 'POST', `/api/accounts/${id}/unsuspend`);
    expect(back.json().data.status).toBe('active');
    const notSuspended = await site.call('admin', 'POST', `/api/accounts/${id}/unsuspend`);
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().code).toBe('account_not_suspended');
    const log = (await site.call('admin', 'GET', '/api/activity?action=account.suspended')).json().data;
    expect(log[0]).toMatchObject({
      action: 'account.suspended',
      subject_type: 'account',
      subject_id: String(id),
    });
  });

  it('anonymises an account: the row stays without the person, plugins anonymise theirs', async () => {
    const id = await seedAccount(site, 'anon@example.test', { name: 'Anon Ymous' });
    await seedSession(site, id);
    const res = await site.call('admin', 'DELETE', `/api/accounts/${id}?mode=anonymise`);
    expect(res.statusCode, res.body).toBe(204);
    expect(deleted.at(-1)).toMatchObject({ mode: 'anonymise', account: { id, email: 'anon@example.test' } });
    const kept = (await site.call('admin', 'GET', `/api/accounts/${id}`)).json().data;
    expect(kept).toMatchObject({ id, email: '', name: '', status: 'anonymised', email_verified_at: null });
    expect(await sessionsOf(site, id)).toBe(0);
    expect((await site.call('admin', 'GET', '/api/accounts?search=ymous')).json().meta.total).toBe(0);
    const again = await site.call('admin', 'DELETE', `/api/accounts/${id}?mode=anonymise`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('account_anonymised');
    expect((await site.call('admin', 'POST', `/api/accounts/${id}/suspend`)).json().code).toBe(
      'account_anonymised',
    );
    // The address is free again.
    await seedAccount(site, 'anon@example.test');
  });

  it('deletes an account with its data, unless a plugin refuses in the transaction', async () => {
    const id = await seedAccount(site, 'gone@example.test');
    refuseDeletionOf = id;
    const refused = await site.call('admin', 'DELETE', `/api/accounts/${id}?mode=delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('orders_open');
    expect((await site.call('admin', 'GET', `/api/accounts/${id}`)).statusCode).toBe(200);
    refuseDeletionOf = null;
    const res = await site.call('admin', 'DELETE', `/api/accounts/${id}?mode=delete`);
    expect(res.statusCode).toBe(204);
    expect(deleted.at(-1)).toMatchObject({ mode: 'delete', account: { id } });
    expect((await site.call('admin', 'GET', `/api/accounts/${id}`)).statusCode).toBe(404);
    const log = (await site.call('admin', 'GET', '/api/activity?action=account.deleted')).json().data;
    expect(log[0]).toMatchObject({ subject_id: String(id), ip: expect.anything() });
  });

  it('exports an account as JSON, with what plugins keep of it, as a download', async () => {
    const id = await seedAccount(site, 'export@example.test', { name: 'Ex Port' });
    await site.call('admin', 'POST', `/api/accounts/${id}/suspend`);
    const res = await site.call('admin', 'GET', `/api/accounts/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="account-${id}.json"`);
    const data = res.json().data;
    expect(data.account).toMatchObject({
      id,
      email: 'export@example.test',
      name: 'Ex Port',
      status: 'suspended',
    });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.activity.map((entry: { action: string }) => entry.action)).toEqual(['account.suspended']);
    expect(data.plugins).toEqual({ shop: { orders: [id] } });
    const log = (await site.call('admin', 'GET', '/api/activity?action=account.exported')).json().data;
    expect(log[0]).toMatchObject({ subject_id: String(id) });
  });
});

describe(`the accounts API's budget (${testEngine})`, () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_GENERAL: '3' });
  });
  afterAll(() => limited.close());

  it('answers 429 in the envelope past the general budget', async () => {
    const shop = await seedContentSite(limited.app, limited.runtime, 'limited.test');
    for (let i = 0; i < 3; i++)
      expect((await shop.call('admin', 'GET', '/api/accounts')).statusCode).toBe(200);
    const over = await shop.call('admin', 'GET', '/api/accounts');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(over.headers['retry-after']).toBeDefined();
  });
});
