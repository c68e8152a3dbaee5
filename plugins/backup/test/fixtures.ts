import { expect } from 'vitest';
import { workerForRuntime } from '../../../apps/server/src/core/jobs/worker.js';
import { MAIL_JOB } from '../../../apps/server/src/core/mail/mail-job.js';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { waitFor } from '../../../apps/server/test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../apps/server/test/harness.js';
import type { BackupRun } from '../src/model.js';

/** What the backup plugin's tests share: an app, a site with the plugin on, jobs run on demand. */

export interface BackupWorld {
  t: TestContext;
  site: ContentSite;
}

export async function backupWorld(host: string): Promise<BackupWorld> {
  const t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const site = await seedContentSite(t.app, t.runtime, host);
  const on = await site.call('admin', 'PUT', '/api/plugins/backup/active', { active: true });
  expect(on.statusCode, on.body).toBe(200);
  return { t, site };
}

/** Runs the queue until `done` holds: the create job of a backup started through the API, say. */
export async function runJobsUntil(
  world: BackupWorld,
  done: () => Promise<boolean>,
  what: string,
): Promise<void> {
  const worker = workerForRuntime(world.t.runtime, { pollMs: 20 });
  worker.start();
  try {
    await waitFor(done, what, 30_000);
  } finally {
    await worker.stop();
  }
}

/** Starts a backup as the Super Admin and waits for its job to finish it. */
export async function backUp(world: BackupWorld): Promise<BackupRun> {
  const started = await world.site.call('super_admin', 'POST', '/api/backup/backups');
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().data.id as number;
  let run: BackupRun | null = null;
  await runJobsUntil(
    world,
    async () => {
      run = (await world.site.call('super_admin', 'GET', `/api/backup/backups/${id}`)).json().data;
      return run?.status !== 'running';
    },
    `backup ${id}`,
  );
  return run as unknown as BackupRun;
}

/** The subjects of the mails queued so far. */
export async function mailSubjects(world: BackupWorld): Promise<string[]> {
  const jobs = await world.t.runtime.data.global
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', MAIL_JOB)
    .execute();
  return jobs.map(
    (job) =>
      ((typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as { subject: string })
        .subject,
  );
}
