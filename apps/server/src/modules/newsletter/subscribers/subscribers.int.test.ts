import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { activityOf } from '../../../../test/identity-fixtures.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});

afterAll(async () => {
  await t.close();
});

describe('newsletter lists', () => {
  it('are created, listed with their counts, renamed and deleted by those who manage the newsletter', async () => {
    const created = await a.call('admin', 'POST', '/api/newsletter/lists', {
      name: ' Weekly ',
      description: 'News',
    });
    expect(created.statusCode, created.body).toBe(201);
    const weekly = created.json().data;
    expect(weekly).toMatchObject({ name: 'Weekly', description: 'News', public: true, subscriber_count: 0 });
    expect(weekly.created_at).toMatch(/Z$/);

    const same = await a.call('admin', 'POST', '/api/newsletter/lists', { name: 'Weekly' });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors.name).toEqual(['A list named Weekly already exists.']);
    // Another site may use the name.
    expect((await b.call('admin', 'POST', '/api/newsletter/lists', { name: 'Weekly' })).statusCode).toBe(201);

    const hidden = await a.call('admin', 'POST', '/api/newsletter/lists', { name: 'Staff', public: false });
    const renamed = await a.call('admin', 'PATCH', `/api/newsletter/lists/${hidden.json().data.id}`, {
      name: 'Team',
    });
    expect(renamed.json().data).toMatchObject({ name: 'Team', public: false });
    const taken = await a.call('admin', 'PATCH', `/api/newsletter/lists/${hidden.json().data.id}`, {
      name: 'Weekly',
    });
    expect(taken.statusCode).toBe(409);

    const listed = await a.call('admin', 'GET', '/api/newsletter/lists');
    expect(listed.json().data.map((list: { name: string }) => list.name)).toEqual(['Team', 'Weekly']);

    expect(
      (await a.call('admin', 'DELETE', `/api/newsletter/lists/${hidden.json().data.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await a.call('admin', 'DELETE', `/api/newsletter/lists/${hidden.json().data.id}`)).statusCode,
    ).toBe(404);
    // Site b's list is not site a's.
    const other = (await b.call('admin', 'GET', '/api/newsletter/lists')).json().data[0];
    expect(
      (await a.call('admin', 'PATCH', `/api/newsletter/lists/${other.id}`, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await activityOf(t.runtime, a.siteId, 'newsletter.list_created')).length).toBe(2);
  });

  it('are closed to Editors and Authors', async () => {
    for (const caller of ['editor', 'author'] as const) {
      expect((await a.call(caller, 'GET', '/api/newsletter/lists')).statusCode).toBe(403);
      expect((await a.call(caller, 'GET', '/api/newsletter/subscribers')).statusCode).toBe(403);
      expect((await a.call(caller, 'GET', '/api/newsletter/subscribers/export')).statusCode).toBe(403);
    }
    expect((await a.call('anonymous', 'GET', '/api/newsletter/subscribers')).statusCode).toBe(401);
  });
});

describe('newsletter subscribers', () => {
  let listId: number;

  beforeAll(async () => {
    const lists = (await a.call('admin', 'GET', '/api/newsletter/lists')).json().data;
    listId = lists.find((list: { name: string }) => list.name === 'Weekly').id;
  });

  it('are added trimmed and lowercased, once per address', async () => {
    const added = await a.call('admin', 'POST', '/api/newsletter/subscribers', {
      email: '  Ada@Example.TEST ',
      name: 'Ada',
      language: 'fr',
      lists: [listId],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({
      email: 'ada@example.test',
      name: 'Ada',
      status: 'subscribed',
      language: 'fr',
      source: 'admin',
      lists: [listId],
      consent_ip: null,
      unsubscribed_at: null,
    });
    expect(added.json().data.consent_at).toMatch(/Z$/);
    const again = await a.call('admin', 'POST', '/api/newsletter/subscribers', { email: 'ADA@example.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBeDefined();
    const bad = await a.call('admin', 'POST', '/api/newsletter/subscribers', { email: 'not an address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['Enter an email address such as name@example.com.']);
    const noList = await a.call('admin', 'POST', '/api/newsletter/subscribers', {
      email: 'x@example.test',
      lists: [999999],
    });
    expect(noList.statusCode).toBe(422);
    expect(noList.json().errors['lists.0']).toEqual(['There is no list 999999.']);
    // The same address on another site is another subscriber.
    expect(
      (await b.call('admin', 'POST', '/api/newsletter/subscribers', { email: 'ada@example.test' }))
        .statusCode,
    ).toBe(201);
  });

  it('are filtered, searched and paged', async () => {
    for (const [email, name] of [
      ['grace@example.test', 'Grace Hopper'],
      ['alan@example.test', 'Alan Turing'],
      ['edsger@example.test', ''],
    ])
      await a.call('admin', 'POST', '/api/newsletter/subscribers', { email, name });
    const page = await a.call('admin', 'GET', '/api/newsletter/subscribers?limit=2&page=1');
    expect(page.json().meta).toMatchObject({ total: 4, per_page: 2, current_page: 1 });
    expect(page.json().data.map((s: { email: string }) => s.email)).toEqual([
      'edsger@example.test',
      'alan@example.test',
    ]);
    const searched = await a.call('admin', 'GET', '/api/newsletter/subscribers?q=HOPP');
    expect(searched.json().data.map((s: { email: string }) => s.email)).toEqual(['grace@example.test']);
    const onList = await a.call('admin', 'GET', `/api/newsletter/subscribers?list=${listId}`);
    expect(onList.json().data.map((s: { email: string }) => s.email)).toEqual(['ada@example.test']);
    const french = await a.call('admin', 'GET', '/api/newsletter/subscribers?language=fr');
    expect(french.json().meta.total).toBe(1);
    expect((await a.call('admin', 'GET', '/api/newsletter/subscribers?limit=101')).statusCode).toBe(422);
    expect((await a.call('admin', 'GET', '/api/newsletter/subscribers?status=gone')).statusCode).toBe(422);
    const lists = (await a.call('admin', 'GET', '/api/newsletter/lists')).json().data;
    expect(lists.find((list: { id: number }) => list.id === listId).subscriber_count).toBe(1);
  });

  it('are changed and deleted, each change in the activity log without the address', async () => {
    const grace = (await a.call('admin', 'GET', '/api/newsletter/subscribers?q=grace')).json().data[0];
    const changed = await a.call('admin', 'PATCH', `/api/newsletter/subscribers/${grace.id}`, {
      name: 'Grace B. Hopper',
      status: 'unsubscribed',
      lists: [listId],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Grace B. Hopper',
      status: 'unsubscribed',
      lists: [listId],
    });
    expect(changed.json().data.unsubscribed_at).toMatch(/Z$/);
    const logged = await activityOf(t.runtime, a.siteId, 'newsletter.subscriber_updated');
    expect(logged.at(-1)?.details).toMatchObject({ status: ['subscribed', 'unsubscribed'] });
    expect(JSON.stringify(logged)).not.toContain('grace@example.test');
    const emptied = await a.call('admin', 'PATCH', `/api/newsletter/subscribers/${grace.id}`, { lists: [] });
    expect(emptied.json().data.lists).toEqual([]);
    expect((await a.call('admin', 'DELETE', `/api/newsletter/subscribers/${grace.id}`)).statusCode).toBe(204);
    expect((await a.call('admin', 'GET', `/api/newsletter/subscribers/${grace.id}`)).statusCode).toBe(404);
    const fromB = (await b.call('admin', 'GET', '/api/newsletter/subscribers')).json().data[0];
    expect((await a.call('admin', 'GET', `/api/newsletter/subscribers/${fromB.id}`)).statusCode).toBe(404);
  });

  it('are exported as CSV with the same filters, formula cells defused', async () => {
    await a.call('admin', 'POST', '/api/newsletter/subscribers', {
      email: 'mallory@example.test',
      name: '=HYPERLINK("http://evil")',
      lists: [listId],
    });
    const res = await a.call('admin', 'GET', '/api/newsletter/subscribers/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="subscribers-a-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,name,status,language,lists,source,consent_at,consent_ip,created_at');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'ada@example.test',
      'alan@example.test',
      'edsger@example.test',
      'mallory@example.test',
    ]);
    expect(lines[1]).toMatch(/^ada@example\.test,Ada,subscribed,fr,Weekly,admin,/);
    expect(lines[4]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const filtered = await a.call('admin', 'GET', '/api/newsletter/subscribers/export?q=alan');
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });
});
