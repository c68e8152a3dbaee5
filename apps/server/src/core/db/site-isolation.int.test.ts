import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/harness.js';
import { seedSiteWithRoles } from '../../../test/identity-fixtures.js';
import { migrationSources } from '../../lifecycle.js';
import { loadConfig } from '../config.js';
import { createRuntime } from '../runtime.js';
import { migrateToLatest, migrateUpTo } from './migrate.js';
import type { Database } from './schema.js';

/** The database itself refuses references from one site's rows into another's (migration 0010). */
let t: TestContext;
let a: { siteId: number; roles: Map<string, number> };
let b: { siteId: number; roles: Map<string, number> };
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedSiteWithRoles(t.runtime, 'a.isolation.test');
  b = await seedSiteWithRoles(t.runtime, 'b.isolation.test');
  userId = await insertUser(t.runtime.data.raw, 'member@isolation.test');
});
afterAll(() => t.close());

const at = () => new Date().toISOString();

function roleOf(site: { roles: Map<string, number> }, slug: string): number {
  const id = site.roles.get(slug);
  if (id === undefined) throw new Error(`no role ${slug}`);
  return id;
}

async function insertUser(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email,
      email_normalized: email,
      display_name: email,
      password_hash: 'x',
      status: 'active',
      locale: 'en',
      is_super_admin: 0,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      last_login_at: null,
      password_changed_at: at(),
      created_at: at(),
      updated_at: at(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('composite site keys', () => {
  it('refuse a membership of site A with a role of site B, inserted or updated', async () => {
    const raw = t.runtime.data.raw;
    await expect(
      raw
        .insertInto('site_members')
        .values({ site_id: a.siteId, user_id: userId, role_id: roleOf(b, 'admin'), created_at: at() })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await raw
      .insertInto('site_members')
      .values({ site_id: a.siteId, user_id: userId, role_id: roleOf(a, 'author'), created_at: at() })
      .execute();
    await expect(
      raw
        .updateTable('site_members')
        .set({ role_id: roleOf(b, 'admin') })
        .where('site_id', '=', a.siteId)
        .where('user_id', '=', userId)
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const kept = await t.runtime.data
      .site(a.siteId)
      .selectFrom('site_members')
      .select('role_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    expect(kept?.role_id).toBe(roleOf(a, 'author'));
  });

  it('refuse a permission row of site A on a role of site B', async () => {
    await expect(
      t.runtime.data.raw
        .insertInto('role_permissions')
        .values({ site_id: a.siteId, role_id: roleOf(b, 'author'), permission: 'users.delete' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const rows = await t.runtime.data.raw
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', roleOf(b, 'author'))
      .where('permission', '=', 'users.delete')
      .execute();
    expect(rows).toEqual([]);
  });

  it('still cascade a role’s permissions when it is deleted', async () => {
    const site = t.runtime.data.site(b.siteId);
    const { id } = await site
      .insertInto('roles', {
        slug: 'temporary',
        name: 'Temporary',
        description: '',
        is_default: 0,
        requires_two_factor: 0,
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await site.insertInto('role_permissions', { role_id: id, permission: 'posts.view' }).execute();
    await site.deleteFrom('roles').where('id', '=', id).execute();
    expect(
      await site.selectFrom('role_permissions').select('permission').where('role_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('migration 0010 on an existing database', () => {
  it('keeps every row, binding sessions, challenges and tokens to a site', async () => {
    const database = await createTestDatabase();
    const runtime = createRuntime(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env }));
    try {
      // The schema as it was before 0010.
      await migrateUpTo(runtime.database, migrationSources, '0009_job_queues');

      const old = await seedSiteWithRoles(runtime, 'old.isolation.test');
      const other = await seedSiteWithRoles(runtime, 'other.isolation.test');
      const db = runtime.database.kysely;
      const member = await insertUser(db, 'member@old.test');
      const drifter = await insertUser(db, 'drifter@old.test');
      await db
        .insertInto('site_members')
        .values([
          { site_id: other.siteId, user_id: member, role_id: roleOf(other, 'editor'), created_at: at() },
          { site_id: old.siteId, user_id: member, role_id: roleOf(old, 'author'), created_at: at() },
        ])
        .execute();
      const later = new Date(Date.now() + 3_600_000).toISOString();
      // The schema of their time: no site_id yet, so the rows go in untyped.
      const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await untyped
        .insertInto('sessions')
        .values({
          id: 's'.repeat(64),
          user_id: member,
          csrf_token: 'c',
          ip: null,
          user_agent: null,
          created_at: at(),
          last_seen_at: at(),
          idle_expires_at: later,
          absolute_expires_at: later,
        })
        .execute();
      await untyped
        .insertInto('two_factor_challenges')
        .values({
          token_hash: 'h'.repeat(64),
          user_id: drifter,
          attempts: 0,
          expires_at: later,
          created_at: at(),
        })
        .execute();
      const token = (hash: string, user: number) => ({
        user_id: user,
        name: 'old',
        prefix: 'tsr_old',
        token_hash: hash,
        permissions: null,
        created_at: at(),
      });
      const logged = await untyped
        .insertInto('api_tokens')
        .values(token('1'.repeat(64), member))
        .returning('id')
        .executeTakeFirstOrThrow();
      await untyped
        .insertInto('api_tokens')
        .values(token('2'.repeat(64), member))
        .execute();
      await untyped
        .insertInto('api_tokens')
        .values(token('3'.repeat(64), drifter))
        .execute();
      await db
        .insertInto('activity_log')
        .values({
          site_id: other.siteId,
          user_id: member,
          action: 'token.created',
          subject_type: 'api_token',
          subject_id: String(logged.id),
          ip: null,
          details: '{}',
          created_at: at(),
        })
        .execute();
      const permissionsBefore = await db
        .selectFrom('role_permissions')
        .select(['role_id', 'permission'])
        .execute();

      await migrateToLatest(runtime.database, migrationSources);

      const permissionsAfter = await db
        .selectFrom('role_permissions')
        .select(['role_id', 'permission'])
        .execute();
      const key = (r: { role_id: number; permission: string }) => `${r.role_id}:${r.permission}`;
      expect(permissionsAfter.map(key).sort()).toEqual(permissionsBefore.map(key).sort());
      expect(
        await db
          .selectFrom('site_members')
          .select(['site_id', 'role_id'])
          .where('user_id', '=', member)
          .orderBy('site_id')
          .execute(),
      ).toEqual([
        { site_id: old.siteId, role_id: roleOf(old, 'author') },
        { site_id: other.siteId, role_id: roleOf(other, 'editor') },
      ]);
      // The user's first site by id; a user of no site falls back to the oldest site.
      expect((await db.selectFrom('sessions').select('site_id').executeTakeFirstOrThrow()).site_id).toBe(
        old.siteId,
      );
      expect(
        (await db.selectFrom('two_factor_challenges').select('site_id').executeTakeFirstOrThrow()).site_id,
      ).toBe(old.siteId);
      // A token goes where its creation was recorded, else to its user's first site; none is installation-wide.
      const tokens = await db
        .selectFrom('api_tokens')
        .select(['token_hash', 'site_id'])
        .orderBy('token_hash')
        .execute();
      expect(tokens.map((r) => r.site_id)).toEqual([other.siteId, old.siteId, old.siteId]);
      // The constraints hold on the migrated tables too.
      await expect(
        db
          .insertInto('site_members')
          .values({
            site_id: old.siteId,
            user_id: drifter,
            role_id: roleOf(other, 'admin'),
            created_at: at(),
          })
          .execute(),
      ).rejects.toThrow(/foreign key/i);
    } finally {
      await runtime.close();
      await database.drop();
    }
  });
});
