import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { migrationSources } from '../../lifecycle.js';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import { readJson } from '../db/engine.js';
import type { TesseraMigration } from '../db/migrate.js';

let database: TestDatabase;
let handle: DatabaseHandle;

async function runMigrations(which: (name: string) => boolean): Promise<void> {
  // Every module's folder: the migrations before 0009 create identity's tables too.
  const files = [];
  for (const { folder } of migrationSources) {
    for (const name of await readdir(folder))
      if (/^\d{4}_[a-z0-9_]+\.ts$/.test(name)) files.push({ name, path: join(folder, name) });
  }
  files.sort((x, y) => x.name.localeCompare(y.name));
  for (const file of files.filter((f) => which(f.name))) {
    const migration = (await import(pathToFileURL(file.path).href)) as TesseraMigration;
    await migration.up(handle.kysely, handle.engine);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase({
    databaseUrl: database.env.DATABASE_URL || null,
    dataDir: database.dataDir,
  });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

it('0009 keeps existing jobs and schedules, in the default queue and for no site', async () => {
  await runMigrations((name) => name < '0009');
  const db = handle.kysely;
  const at = '2025-06-01T12:00:00.000Z';
  await db
    .insertInto('job_schedules')
    .values({
      name: 'activity.prune',
      cron: '17 3 * * *',
      payload: '{}',
      next_run_at: at,
      enabled: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('jobs')
    .values({
      name: 'mail.send',
      payload: '{"to":"a@example.test"}',
      status: 'pending',
      attempts: 0,
      max_attempts: 5,
      run_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();

  await runMigrations((name) => name.startsWith('0009'));

  const job = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
  expect(job).toMatchObject({ name: 'mail.send', queue: 'default', dedupe_key: null, status: 'pending' });
  const schedules = await db.selectFrom('job_schedules').selectAll().execute();
  expect(schedules).toMatchObject([
    { id: expect.any(Number), name: 'activity.prune', site_id: null, cron: '17 3 * * *', next_run_at: at },
  ]);
  expect(readJson(schedules[0]?.payload, null)).toEqual({});
  // The (name, site) key holds for the installation-wide schedule too, NULL site or not.
  await expect(
    db
      .insertInto('job_schedules')
      .values({
        name: 'activity.prune',
        cron: '0 * * * *',
        payload: '{}',
        next_run_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute(),
  ).rejects.toThrow();
});
