import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { loadConfig } from './core/config.js';
import { migrationStatus } from './core/db/migrate.js';
import { createRuntime, type Runtime } from './core/runtime.js';
import { migrationSources, prepareRuntime } from './lifecycle.js';

let database: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = createRuntime(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env }));
});
afterAll(async () => {
  await runtime.close();
  await database.drop();
});

describe('preparing a runtime without the HTTP app (what the worker and CLI commands do)', () => {
  it('applies the core and module migrations, then gives every module its setup', async () => {
    const applied = await prepareRuntime(runtime);
    expect(applied).toEqual(
      expect.arrayContaining(['0001_sites', '0003_identity', '0007_sealed_totp_secret']),
    );
    const status = await migrationStatus(runtime.database, migrationSources);
    expect(status.every((m) => m.appliedAt !== null)).toBe(true);

    for (const job of ['identity.purge_expired', 'activity.prune', 'jobs.purge_completed'])
      expect(runtime.jobs.registry.get(job), job).toBeDefined();
    expect(runtime.permissions.has('users.edit')).toBe(true);
    expect(runtime.hooks.phaseOf('auth.before_login')).toBe('transaction');
  });

  it('runs the setup once however often it is asked', async () => {
    await expect(prepareRuntime(runtime)).resolves.toEqual([]);
    const schedules = await runtime.data.global.selectFrom('job_schedules').select('name').execute();
    expect(schedules.filter((s) => s.name === 'activity.prune')).toHaveLength(1);
  });
});
