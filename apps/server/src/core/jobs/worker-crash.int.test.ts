import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineEffectJob, EFFECT_JOB, waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { workerForRuntime } from './worker.js';

const fixture = fileURLToPath(new URL('../../../test/fixtures/crash-worker.ts', import.meta.url));
const JOB_COUNT = 20;
const HANG_INDEX = 5;

let t: TestContext;
let child: ChildProcess | null = null;

beforeAll(async () => {
  t = await createTestApp({ JOBS_LEASE_SECONDS: '1', JOBS_POLL_MS: '50' });
  await recordCompletions();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t.close();
});

/**
 * Counts every update that marks a job completed, in the same statement as the update, so the count
 * cannot miss one however the worker process dies.
 */
async function recordCompletions(): Promise<void> {
  const db = t.runtime.data.global;
  await sql`create table job_effects (job_id integer primary key, runs integer not null)`.execute(db);
  await sql`create table job_completions (job_id integer not null, worker varchar(200))`.execute(db);
  if (testEngine === 'postgres') {
    await sql`create function record_job_completion() returns trigger language plpgsql as $$
      begin insert into job_completions (job_id, worker) values (new.id, old.locked_by); return new; end $$`.execute(
      db,
    );
    await sql`create trigger jobs_record_completion after update of status on jobs for each row
      when (new.status = 'completed') execute function record_job_completion()`.execute(db);
  } else {
    await sql`create trigger jobs_record_completion after update of status on jobs when new.status = 'completed'
      begin insert into job_completions (job_id, worker) values (new.id, old.locked_by); end`.execute(db);
  }
}

/** The test's own jobs: the modules' schedules (a webhook sweep every minute) may add theirs. */
async function jobRows() {
  return t.runtime.data.global
    .selectFrom('jobs')
    .select(['id', 'status', 'attempts', 'locked_by'])
    .where('name', '=', EFFECT_JOB)
    .orderBy('id')
    .execute();
}

it('completes every job exactly once after a worker is killed mid-queue', async () => {
  const { queue } = t.runtime.jobs;
  const ids: number[] = [];
  for (let index = 0; index < JOB_COUNT; index++) ids.push(await queue.enqueue(EFFECT_JOB, { index }));
  const hanging = ids[HANG_INDEX] as number;

  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      ...t.database.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS_LEASE_SECONDS: '1',
      JOBS_POLL_MS: '50',
      CRASH_SLEEP_MS: '100',
      CRASH_HANG_INDEX: String(HANG_INDEX),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  // Kill the child while it certainly holds a job (the one that hangs there) and has finished others.
  await waitFor(
    async () => {
      if (child?.exitCode !== null) throw new Error(`The worker process exited early:\n${output}`);
      const rows = await jobRows();
      const held = rows.find((row) => row.id === hanging);
      return held?.status === 'running' && rows.filter((row) => row.status === 'completed').length >= 3;
    },
    'the child worker to be mid-queue',
    15_000,
  );
  child.kill('SIGKILL');
  await once(child, 'exit');

  const afterCrash = await jobRows();
  expect(afterCrash.find((row) => row.id === hanging)).toMatchObject({
    status: 'running',
    locked_by: 'crash-child',
  });
  expect(afterCrash.filter((row) => row.status !== 'completed').length).toBeGreaterThan(0);

  // A second worker, with the same short lease, takes over what the dead one left.
  defineEffectJob(t.runtime.jobs, t.runtime.data, { sleepMs: 20 });
  const rescuer = workerForRuntime(t.runtime, { workerId: 'rescuer', concurrency: 4 });
  rescuer.start();
  try {
    await waitFor(
      async () => (await jobRows()).every((row) => row.status === 'completed'),
      'every job to complete',
      12_000,
    );
  } finally {
    await rescuer.stop();
  }

  const rows = await jobRows();
  expect(rows.map((row) => row.id)).toEqual(ids);
  expect(rows.every((row) => row.status === 'completed')).toBe(true);
  expect(rows.find((row) => row.id === hanging)?.attempts).toBeGreaterThanOrEqual(2);

  const recorded = await sql<{
    job_id: number;
    worker: string;
  }>`select job_id, worker from job_completions order by job_id`.execute(t.runtime.data.global);
  // The trigger counts every job completed, the modules' schedules' too (a webhook sweep whose minute
  // came during the test failed it once in CI): the test's own jobs, each exactly once.
  const own = new Set(ids);
  const completions = { rows: recorded.rows.filter((row) => own.has(Number(row.job_id))) };
  expect(completions.rows.map((row) => Number(row.job_id))).toEqual(ids);
  expect(completions.rows.find((row) => Number(row.job_id) === hanging)?.worker).toBe('rescuer');
  expect(completions.rows.filter((row) => row.worker === 'crash-child').length).toBeGreaterThanOrEqual(3);

  const effects = await sql<{
    job_id: number;
    runs: number;
  }>`select job_id, runs from job_effects order by job_id`.execute(t.runtime.data.global);
  expect(effects.rows.map((row) => Number(row.job_id))).toEqual(ids);
  expect(effects.rows.every((row) => Number(row.runs) >= 1)).toBe(true);
});
