import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Kysely, type Migration, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { migrationSources } from '../../lifecycle.js';
import { type DatabaseHandle, openDatabase } from './connect.js';
import type { TesseraMigration } from './migrate.js';

/** 0008 on a database that has sites from before it: computed roles lose their rows, others keep them. */
let database: TestDatabase;
let handle: DatabaseHandle;
let migrator: Migrator;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase({ databaseUrl: database.env.DATABASE_URL || null, dataDir: database.dataDir });
  const migrations: Record<string, Migration> = {};
  for (const { folder } of migrationSources) {
    for (const file of readdirSync(folder).filter((name) => /^\d{4}_[a-z0-9_]+\.ts$/.test(name))) {
      const module = (await import(pathToFileURL(join(folder, file)).href)) as TesseraMigration;
      migrations[file.replace(/\.ts$/, '')] = { up: (db) => module.up(db, handle.engine) };
    }
  }
  migrator = new Migrator({ db: handle.kysely, provider: { getMigrations: async () => migrations } });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe('migration 0008_sites_and_settings', () => {
  it('drops the stored permissions of Super Admin and Admin only, and gives sites empty branding', async () => {
    expect((await migrator.migrateTo('0007_sealed_totp_secret')).error).toBeUndefined();
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before 0008
    const db = handle.kysely as unknown as Kysely<any>;
    const at = new Date().toISOString();
    const { id: siteId } = await db
      .insertInto('sites')
      .values({
        handle: 'old',
        name: 'Old',
        default_locale: 'en',
        locales: '["en"]',
        theme: 'default',
        settings: '{}',
        enabled: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = async (slug: string, isDefault: number) =>
      (
        await db
          .insertInto('roles')
          .values({
            site_id: siteId,
            slug,
            name: slug,
            is_default: isDefault,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const ids = {
      super_admin: await role('super_admin', 1),
      admin: await role('admin', 1),
      editor: await role('editor', 1),
    };
    const custom = await role('custom', 0);
    for (const roleId of [...Object.values(ids), custom]) {
      await db
        .insertInto('role_permissions')
        .values(
          ['posts.view', 'posts.edit'].map((permission) => ({
            site_id: siteId,
            role_id: roleId,
            permission,
          })),
        )
        .execute();
    }

    expect((await migrator.migrateTo('0008_sites_and_settings')).error).toBeUndefined();
    const left = await db.selectFrom('role_permissions').select('role_id').orderBy('role_id').execute();
    expect(left.map((r) => r.role_id)).toEqual([ids.editor, ids.editor, custom, custom]);
    const site = await db.selectFrom('sites').select('branding').executeTakeFirstOrThrow();
    expect(site.branding).toBe('{}');
    expect(await db.selectFrom('site_settings').selectAll().execute()).toEqual([]);
  });
});
