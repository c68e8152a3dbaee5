import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext, testEngine } from '../../../test/harness.js';
import { identityOf } from '../../modules/identity/identity.js';
import { createDefaultRoles } from '../../modules/identity/roles/default-roles-provision.js';

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

describe('a query through the root handle inside a transaction', () => {
  const role = (slug: string) => ({
    slug,
    name: slug,
    description: '',
    is_default: 0,
    requires_two_factor: 0,
    created_at: at(),
    updated_at: at(),
  });
  // Captured before the transaction opens, as a repo or plugin built at start-up would hold it.
  const root = () => t.runtime.data;

  it('runs inside the transaction: it sees its uncommitted writes and does not hang', async () => {
    const seen = await t.runtime.data.transaction(async (tx) => {
      await tx.site(siteA).insertInto('roles', role('routed_read')).execute();
      return root()
        .site(siteA)
        .selectFrom('roles')
        .select('slug')
        .where('slug', '=', 'routed_read')
        .execute();
    });
    expect(seen.map((r) => r.slug)).toEqual(['routed_read']);
  });

  it('is rolled back with the transaction', async () => {
    await expect(
      t.runtime.data.transaction(async (tx) => {
        await tx.site(siteA).insertInto('roles', role('inside_tx')).execute();
        await root().site(siteA).insertInto('roles', role('through_root')).execute();
        await root().global.selectFrom('sites').select('id').execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const left = await root()
      .site(siteA)
      .selectFrom('roles')
      .select('slug')
      .where('slug', 'in', ['inside_tx', 'through_root'])
      .execute();
    expect(left).toEqual([]);
  });

  it('in parallel branches of one operation, shares the transaction', async () => {
    await t.runtime.data.transaction(async (tx) => {
      await Promise.all([
        tx.site(siteB).insertInto('roles', role('branch_one')).execute(),
        root().site(siteB).insertInto('roles', role('branch_two')).execute(),
        root().transaction((nested) =>
          nested.site(siteB).insertInto('roles', role('branch_three')).execute(),
        ),
      ]);
    });
    const rows = await root()
      .site(siteB)
      .selectFrom('roles')
      .select('slug')
      .where('slug', 'like', 'branch_%')
      .orderBy('slug')
      .execute();
    expect(rows.map((r) => r.slug)).toEqual(['branch_one', 'branch_three', 'branch_two']);
  });

  it('after commit, work of the same flow takes its own connection again', async () => {
    await t.runtime.data.transaction(async (tx) => {
      await tx.site(siteA).insertInto('roles', role('committed')).execute();
    });
    // Concurrent transactions from unrelated flows each get their own connection.
    await Promise.all(
      ['flow_a', 'flow_b', 'flow_c'].map((slug) =>
        root().transaction((tx) => tx.site(siteA).insertInto('roles', role(slug)).execute()),
      ),
    );
    const rows = await root()
      .site(siteA)
      .selectFrom('roles')
      .select('slug')
      .where('slug', 'in', ['committed', 'flow_a', 'flow_b', 'flow_c'])
      .execute();
    expect(rows.length).toBe(4);
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
