import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext, testEngine } from '../../../test/harness.js';
import { createDefaultRoles } from '../../modules/identity/default-roles-provision.js';
import { identityOf } from '../../modules/identity/identity.js';

let t: TestContext;
let siteA: number;
let siteB: number;

beforeAll(async () => {
  t = await createTestApp();
  identityOf(t.runtime);
  siteA = await seedSite(t.runtime, 'a.test');
  siteB = await seedSite(t.runtime, 'b.test');
  await createDefaultRoles(t.runtime.data, siteA);
  await createDefaultRoles(t.runtime.data, siteB);
});
afterAll(() => t.close());

const at = () => new Date().toISOString();

describe('SiteScopedDb', () => {
  it('selects only its own site’s rows', async () => {
    const a = await t.runtime.data.site(siteA).selectFrom('roles').select(['site_id']).execute();
    expect(a.length).toBe(5);
    expect(new Set(a.map((r) => r.site_id))).toEqual(new Set([siteA]));
  });

  it('stamps inserts with its site, and updates and deletes reach no other site', async () => {
    const b = t.runtime.data.site(siteB);
    const { id } = await b
      .insertInto('roles', {
        slug: 'reviewer',
        name: 'Reviewer',
        description: '',
        is_default: 0,
        requires_two_factor: 0,
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.runtime.data
      .site(siteB)
      .selectFrom('roles')
      .select('site_id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.site_id).toBe(siteB);

    // Site A's handle, aimed at site B's row by id, changes and deletes nothing.
    const a = t.runtime.data.site(siteA);
    const updated = await a
      .updateTable('roles')
      .set({ name: 'Hijacked' })
      .where('id', '=', id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const deleted = await a.deleteFrom('roles').where('id', '=', id).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    expect(await a.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await b.selectFrom('roles').select('name').where('id', '=', id).executeTakeFirst())?.name).toBe(
      'Reviewer',
    );
  });
});

describe('transactions', () => {
  it('roll back every write of a failed operation', async () => {
    const before = await t.runtime.data.site(siteA).selectFrom('roles').select('id').execute();
    await expect(
      t.runtime.data.transaction(async (tx) => {
        await tx
          .site(siteA)
          .insertInto('roles', {
            slug: 'temp',
            name: 'Temp',
            description: '',
            is_default: 0,
            requires_two_factor: 0,
            created_at: at(),
            updated_at: at(),
          })
          .execute();
        // Nested calls share the transaction rather than opening another.
        await tx.transaction(async (inner) => {
          expect(inner).toBe(tx);
        });
        throw new Error('fails after writing');
      }),
    ).rejects.toThrow('fails after writing');
    const after = await t.runtime.data.site(siteA).selectFrom('roles').select('id').execute();
    expect(after.length).toBe(before.length);
  });
});

describe.runIf(testEngine === 'sqlite')('embedded SQLite', () => {
  it('runs in WAL mode with foreign keys and a busy timeout', async () => {
    const db = t.runtime.data.global;
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
    expect(busy.rows[0]?.timeout).toBeGreaterThanOrEqual(5000);
  });
});
