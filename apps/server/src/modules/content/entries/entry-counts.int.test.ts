import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});
afterAll(() => t.close());

/** The counts the triggers keep, and the same counted from the entries themselves: always equal. */
async function countsAgree(): Promise<void> {
  const kept = await sql<{ site_id: number; type_id: number; status: string; trashed: number; n: number }>`
    select site_id, type_id, status, trashed, n from entry_counts where n <> 0
    order by site_id, type_id, status, trashed`.execute(t.runtime.data.raw);
  const counted = await sql<{ site_id: number; type_id: number; status: string; trashed: number; n: number }>`
    select site_id, type_id, status, case when deleted_at is null then 0 else 1 end as trashed, count(*) as n
    from entries group by site_id, type_id, status, case when deleted_at is null then 0 else 1 end
    order by site_id, type_id, status, trashed`.execute(t.runtime.data.raw);
  const shape = (rows: { site_id: number; type_id: number; status: string; trashed: number; n: number }[]) =>
    rows.map((row) => `${row.site_id}/${row.type_id}/${row.status}/${Number(row.trashed)}=${Number(row.n)}`);
  expect(shape(kept.rows)).toEqual(shape(counted.rows));
}

async function total(site: ContentSite, query: string): Promise<number> {
  const res = await site.call('admin', 'GET', `/api/posts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total;
}

it(`list totals follow creation, the workflow, the trash and deletion (${testEngine})`, async () => {
  const ids: number[] = [];
  for (const title of ['One', 'Two', 'Three', 'Four']) {
    const res = await a.call('editor', 'POST', '/api/posts', { title });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().data.id);
  }
  await b.call('editor', 'POST', '/api/posts', { title: 'Elsewhere' });
  const [one, two, three, four] = ids as [number, number, number, number];
  expect((await a.call('editor', 'POST', `/api/posts/${one}/publish`, {})).statusCode).toBe(200);
  expect((await a.call('editor', 'POST', `/api/posts/${two}/submit`, {})).statusCode).toBe(200);
  expect((await a.call('editor', 'DELETE', `/api/posts/${three}`)).statusCode).toBe(204);
  await countsAgree();

  expect(await total(a, '')).toBe(3);
  expect(await total(a, 'status=published')).toBe(1);
  expect(await total(a, 'status=in_review')).toBe(1);
  expect(await total(a, 'status=draft')).toBe(1);
  expect(await total(a, 'status=trash')).toBe(1);
  // Other filters count the rows themselves, and agree.
  expect(await total(a, 'q=t')).toBe(1);
  expect(await total(b, '')).toBe(1);

  expect((await a.call('editor', 'POST', `/api/posts/${three}/restore`, {})).statusCode).toBe(200);
  expect((await a.call('editor', 'POST', `/api/posts/${one}/unpublish`, {})).statusCode).toBe(200);
  expect((await a.call('admin', 'DELETE', `/api/posts/${four}?permanent=true`)).statusCode).toBe(204);
  await countsAgree();
  expect(await total(a, '')).toBe(3);
  expect(await total(a, 'status=draft')).toBe(2);
  expect(await total(a, 'status=trash')).toBe(0);
});

it('a write refused midway leaves the counts as they were (the triggers roll back with it)', async () => {
  const before = await total(a, '');
  await expect(
    t.runtime.data.transaction(async (tx) => {
      await sql`update entries set status = 'published' where site_id = ${a.siteId}`.execute(tx.raw);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(await total(a, '')).toBe(before);
  expect(await total(a, 'status=published')).toBe(0);
  await countsAgree();
});
