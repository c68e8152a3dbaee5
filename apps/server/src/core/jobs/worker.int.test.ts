import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import type { JobStatus } from './job.js';
import type { JobQueueOptions } from './job-queue.js';
import { createJobs, type Jobs } from './jobs.js';
import { Worker, type WorkerOptions } from './worker.js';

let t: TestContext;
const workers: Worker[] = [];

/** The modules' own schedules (a webhook sweep every minute...): their jobs are not the tests'. */
let moduleSchedules: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  moduleSchedules = (await t.runtime.data.global.selectFrom('job_schedules').select('name').execute()).map(
    (row) => row.name,
  );
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.runtime.data.global.deleteFrom('jobs').execute();
  await t.runtime.data.global.deleteFrom('job_schedules').execute();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

function jobsWith(options: Omit<JobQueueOptions, 'kindOf'> = {}): Jobs {
  return createJobs(t.runtime.data, options);
}

function startWorker(jobs: Jobs, options: Partial<WorkerOptions> = {}): Worker {
  const worker = new Worker(jobs, { log: t.runtime.log, pollMs: 20, leaseSeconds: 5, ...options });
  workers.push(worker);
  worker.start();
  return worker;
}

/** The test's own jobs with `status`: the modules' schedules may add theirs at any minute. */
async function countWithStatus(status?: JobStatus): Promise<number> {
  let query = t.runtime.data.global
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (moduleSchedules.length > 0) query = query.where('name', 'not in', moduleSchedules);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A promise the test resolves when it pleases, to hold a job running. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function waitForStatus(jobs: Jobs, id: number, status: JobStatus): Promise<void> {
  await waitFor(async () => (await jobs.queue.get(id))?.status === status, `job ${id} to be ${status}`);
}

describe('Worker', () => {
  it('runs a job, handing the handler its payload and context', async () => {
    const jobs = jobsWith();
    let seen: unknown;
    jobs.registry.define('greet', async (payload, context) => {
      seen = {
        payload,
        jobId: context.jobId,
        attempt: context.attempt,
        siteId: context.siteId,
        aborted: context.signal.aborted,
      };
    });
    const id = await jobs.queue.enqueue('greet', { name: 'Ada' }, { siteId: 3 });
    startWorker(jobs);
    await waitForStatus(jobs, id, 'completed');
    expect(seen).toEqual({ payload: { name: 'Ada' }, jobId: id, attempt: 1, siteId: 3, aborted: false });
  });

  it('retries a failing handler with backoff, then marks the job failed', async () => {
    const jobs = jobsWith({ backoff: { baseSeconds: 0.02, maxSeconds: 1 } });
    const attempts: number[] = [];
    jobs.registry.define(
      'flaky',
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`attempt ${attempt} failed`);
      },
      { maxAttempts: 3 },
    );
    let failuresLeft = 1;
    jobs.registry.define('recovers', async () => {
      if (failuresLeft-- > 0) throw new Error('not yet');
    });
    const flaky = await jobs.queue.enqueue('flaky', {});
    const recovers = await jobs.queue.enqueue('recovers', {});
    startWorker(jobs);
    await waitForStatus(jobs, flaky, 'failed');
    await waitForStatus(jobs, recovers, 'completed');
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobs.queue.get(flaky)).toMatchObject({ attempts: 3, last_error: 'attempt 3 failed' });
    expect(await jobs.queue.get(recovers)).toMatchObject({ attempts: 2, last_error: 'not yet' });
  });

  it('fails a job no handler is defined for, saying so', async () => {
    const jobs = jobsWith();
    const id = await jobs.queue.enqueue('nobody.knows', {}, { maxAttempts: 1 });
    startWorker(jobs);
    await waitForStatus(jobs, id, 'failed');
    expect((await jobs.queue.get(id))?.last_error).toBe('No handler is defined for job "nobody.knows".');
  });

  it('aborts and fails a run that passes its timeout', async () => {
    const jobs = jobsWith();
    let aborted = false;
    jobs.registry.define(
      'slow',
      async (_payload, { signal }) => {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        aborted = true;
      },
      { timeoutSeconds: 0.05, maxAttempts: 1 },
    );
    const id = await jobs.queue.enqueue('slow', {});
    startWorker(jobs);
    await waitForStatus(jobs, id, 'failed');
    expect(aborted).toBe(true);
    expect((await jobs.queue.get(id))?.last_error).toContain('timed out');
  });

  it('shares the queue between two workers without running a job twice', async () => {
    const runs = new Map<number, number>();
    const count = async (_payload: unknown, { jobId }: { jobId: number }) => {
      runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
      await sleep(2);
    };
    const [a, b] = [jobsWith(), jobsWith()] as const;
    a.registry.define('count', count);
    b.registry.define('count', count);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await a.queue.enqueue('count', { i }));
    startWorker(a, { concurrency: 3 });
    startWorker(b, { concurrency: 3 });
    await waitFor(async () => (await countWithStatus('completed')) === 40, 'all 40 jobs to complete');
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('enqueues a recurring job once per due time across two workers', async () => {
    let clock = new Date('2025-06-01T12:02:00.000Z');
    const [a, b] = [jobsWith({ clock: () => clock }), jobsWith({ clock: () => clock })] as const;
    let runs = 0;
    for (const jobs of [a, b]) {
      jobs.registry.define('tick', async () => {
        runs += 1;
      });
    }
    await a.schedules.schedule('tick', '*/5 * * * *', {});
    startWorker(a);
    startWorker(b);
    await sleep(100);
    expect(runs).toBe(0);

    clock = new Date('2025-06-01T12:05:00.000Z');
    await waitFor(async () => (await countWithStatus('completed')) === 1, 'the first run');
    clock = new Date('2025-06-01T12:10:00.000Z');
    await waitFor(async () => (await countWithStatus('completed')) === 2, 'the second run');
    // Several more polls by both workers find nothing further due.
    await sleep(150);
    expect(runs).toBe(2);
    expect(await countWithStatus()).toBe(2);
  });

  it('stop() stops claiming and waits for the running job to finish', async () => {
    const jobs = jobsWith();
    const order: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    jobs.registry.define('long', async () => {
      started = true;
      await gate;
      order.push('job finished');
    });
    const first = await jobs.queue.enqueue('long', {});
    const worker = startWorker(jobs, { concurrency: 1 });
    await waitFor(() => started, 'the job to start');

    const stopped = worker.stop().then(() => order.push('worker stopped'));
    const second = await jobs.queue.enqueue('long', {});
    await sleep(100);
    expect(order).toEqual([]);
    release();
    await stopped;
    expect(order).toEqual(['job finished', 'worker stopped']);
    expect((await jobs.queue.get(first))?.status).toBe('completed');
    expect((await jobs.queue.get(second))?.status).toBe('pending');
    expect(worker.activeJobs).toBe(0);
  });

  it('renews the lease of a long run so another worker does not take it over', async () => {
    const runs: number[] = [];
    const [a, b] = [jobsWith(), jobsWith()] as const;
    const long = async (_payload: unknown, { attempt }: { attempt: number }) => {
      runs.push(attempt);
      await sleep(1500);
    };
    a.registry.define('long', long);
    b.registry.define('long', long);
    const id = await a.queue.enqueue('long', {});
    startWorker(a, { leaseSeconds: 1 });
    await waitForStatus(a, id, 'running');
    startWorker(b, { leaseSeconds: 1 });
    await waitForStatus(a, id, 'completed');
    expect(runs).toEqual([1]);
    expect((await a.queue.get(id))?.attempts).toBe(1);
  });

  it('gives each named queue its own slots: a queue of blocked jobs does not hold up another', async () => {
    const jobs = jobsWith();
    jobs.registry.defineQueue('media', { concurrency: 2 });
    const held = gate();
    let mediaStarted = 0;
    jobs.registry.define(
      'media.transcode',
      async () => {
        mediaStarted += 1;
        await held.opened;
      },
      { queue: 'media' },
    );
    jobs.registry.define('mail.note', async () => {});
    const media = [];
    for (let i = 0; i < 4; i++) media.push(await jobs.queue.enqueue('media.transcode', { i }));
    startWorker(jobs, { concurrency: 1 });
    await waitFor(() => mediaStarted === 2, 'two media jobs to start');
    // Both media slots are taken by jobs that never end until released; the default queue still runs.
    const mail = await jobs.queue.enqueue('mail.note', {});
    await waitForStatus(jobs, mail, 'completed');
    expect(mediaStarted).toBe(2);
    expect(await countWithStatus('running')).toBe(2);
    held.open();
    for (const id of media) await waitForStatus(jobs, id, 'completed');
  });

  it('runs no more of a queue at once than its concurrency, the worker’s setting over the registry’s', async () => {
    const jobs = jobsWith();
    let running = 0;
    let most = 0;
    jobs.registry.define(
      'hooks.call',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        running -= 1;
      },
      { queue: 'webhooks' },
    );
    const ids = [];
    for (let i = 0; i < 9; i++) ids.push(await jobs.queue.enqueue('hooks.call', { i }));
    const worker = startWorker(jobs, { queues: { webhooks: 3 } });
    expect(worker.queueConcurrency().get('webhooks')).toBe(3);
    expect(worker.queueConcurrency().get('media')).toBe(1);
    for (const id of ids) await waitForStatus(jobs, id, 'completed');
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  });

  it('runs jobs of a queue nothing declares any more in the default queue’s slots', async () => {
    const before = jobsWith();
    before.registry.define('moved.kind', async () => {}, { queue: 'retired' });
    const id = await before.queue.enqueue('moved.kind', {});
    expect((await before.queue.get(id))?.queue).toBe('retired');
    // After an upgrade the kind runs in the default queue, and nothing declares `retired`.
    const after = jobsWith();
    after.registry.define('moved.kind', async () => {});
    startWorker(after);
    await waitForStatus(after, id, 'completed');
  });

  it('runs a site schedule’s job with that site id', async () => {
    const { seedSite } = await import('../../../test/harness.js');
    const siteId = await seedSite(t.runtime, `w${Date.now()}.example.test`);
    let clock = new Date('2025-06-01T12:02:00.000Z');
    const jobs = jobsWith({ clock: () => clock });
    const seen: Array<number | null> = [];
    jobs.registry.define('seo.ping', async (_payload, { siteId: site }) => {
      seen.push(site);
    });
    await jobs.schedules.schedule('seo.ping', '*/5 * * * *', {}, { siteId });
    startWorker(jobs);
    clock = new Date('2025-06-01T12:05:00.000Z');
    await waitFor(() => seen.length === 1, 'the site schedule to run');
    expect(seen).toEqual([siteId]);
  });
});
