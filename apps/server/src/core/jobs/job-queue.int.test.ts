import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { Conflict, NotFound, ValidationFailed } from '../errors.js';
import type { JobStatus } from './job.js';
import { JobQueue } from './job-queue.js';
import { createJobs } from './jobs.js';

let t: TestContext;
let clock: Date;
let queue: JobQueue;

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

/** Ids of the jobs (of a status), oldest first. */
async function jobIds(status?: JobStatus): Promise<number[]> {
  let query = t.runtime.data.global.selectFrom('jobs').select('id').orderBy('id');
  if (status) query = query.where('status', '=', status);
  return (await query.execute()).map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.runtime.data.global.deleteFrom('jobs').execute();
  clock = new Date('2025-06-01T12:00:00.000Z');
  queue = new JobQueue(t.runtime.data, {
    clock: () => clock,
    leaseSeconds: 30,
    backoff: { baseSeconds: 10, maxSeconds: 600 },
  });
});

describe('enqueue, claim, complete', () => {
  it('runs a job through its life cycle', async () => {
    const id = await queue.enqueue('mail.send', { to: 'a@example.test' }, { siteId: 7 });
    const [job, ...rest] = await queue.claim('w1', 5);
    expect(rest).toEqual([]);
    expect(job).toMatchObject({
      id,
      name: 'mail.send',
      payload: { to: 'a@example.test' },
      site_id: 7,
      status: 'running',
      attempts: 1,
      max_attempts: 5,
      locked_by: 'w1',
      locked_until: '2025-06-01T12:00:30.000Z',
    });
    expect(await queue.claim('w2', 5)).toEqual([]);
    expect(await queue.complete(id, 'w1')).toBe(true);
    expect(await queue.get(id)).toMatchObject({
      status: 'completed',
      locked_by: null,
      completed_at: clock.toISOString(),
    });
    expect(await queue.complete(id, 'w1')).toBe(false);
  });

  it('claims due jobs oldest first, up to the limit', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await queue.enqueue('n', { i }));
    expect((await queue.claim('w1', 2)).map((job) => job.id)).toEqual(ids.slice(0, 2));
    expect((await queue.claim('w1', 2)).map((job) => job.id)).toEqual(ids.slice(2));
  });

  it("enqueues atomically with the caller's transaction", async () => {
    await expect(
      t.runtime.data.transaction(async (tx) => {
        await queue.withData(tx).enqueue('n', {});
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobIds()).toEqual([]);
    await t.runtime.data.transaction((tx) => queue.withData(tx).enqueue('n', {}));
    expect(await jobIds()).toHaveLength(1);
  });

  it('rejects a bad attempt count or run time', async () => {
    await expect(queue.enqueue('n', {}, { maxAttempts: 0 })).rejects.toBeInstanceOf(ValidationFailed);
    await expect(queue.enqueue('n', {}, { runAt: 'soon' })).rejects.toBeInstanceOf(ValidationFailed);
  });

  it('takes the default attempt count from the job definition', async () => {
    const jobs = createJobs(t.runtime.data);
    jobs.registry.define('limited', async () => {}, { maxAttempts: 2 });
    const id = await jobs.queue.enqueue('limited', {});
    expect((await jobs.queue.get(id))?.max_attempts).toBe(2);
    const other = await jobs.queue.enqueue('limited', {}, { maxAttempts: 9 });
    expect((await jobs.queue.get(other))?.max_attempts).toBe(9);
  });
});

describe('delayed jobs', () => {
  it('are not claimed before their time', async () => {
    const id = await queue.enqueue('n', {}, { delaySeconds: 60 });
    expect(await queue.claim('w1', 5)).toEqual([]);
    later(59);
    expect(await queue.claim('w1', 5)).toEqual([]);
    later(1);
    expect((await queue.claim('w1', 5)).map((job) => job.id)).toEqual([id]);
  });

  it('accept an absolute run time', async () => {
    const id = await queue.enqueue('n', {}, { runAt: new Date('2025-06-01T13:00:00.000Z') });
    expect((await queue.get(id))?.run_at).toBe('2025-06-01T13:00:00.000Z');
    expect(await queue.claim('w1', 5)).toEqual([]);
  });
});

describe('failures', () => {
  it('retries with exponential backoff, then fails', async () => {
    const id = await queue.enqueue('n', {}, { maxAttempts: 3 });
    await queue.claim('w1', 1);
    expect(await queue.fail(id, 'w1', new Error('smtp down'))).toBe('retrying');
    expect(await queue.get(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'smtp down',
      locked_by: null,
      run_at: '2025-06-01T12:00:10.000Z',
    });
    expect(await queue.claim('w1', 1)).toEqual([]);

    later(10);
    expect(await queue.claim('w1', 1)).toHaveLength(1);
    expect(await queue.fail(id, 'w1', 'still down')).toBe('retrying');
    expect((await queue.get(id))?.run_at).toBe('2025-06-01T12:00:30.000Z');

    later(20);
    expect((await queue.claim('w1', 1))[0]?.attempts).toBe(3);
    expect(await queue.fail(id, 'w1', new Error('gave up'))).toBe('failed');
    expect(await queue.get(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'gave up',
      locked_by: null,
    });
    later(3600);
    expect(await queue.claim('w1', 1)).toEqual([]);
  });

  it('ignores completion and failure from a worker that no longer holds the job', async () => {
    const id = await queue.enqueue('n', {});
    await queue.claim('w1', 1);
    expect(await queue.complete(id, 'w2')).toBe(false);
    expect(await queue.fail(id, 'w2', 'x')).toBe('lease_lost');
    expect(await queue.extendLease(id, 'w2')).toBe(false);
    expect(await queue.get(id)).toMatchObject({ status: 'running', locked_by: 'w1', last_error: null });
  });

  it('sends failed jobs back to the queue', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const id = await queue.enqueue('n', { i }, { maxAttempts: 1 });
      await queue.claim('w1', 1);
      await queue.fail(id, 'w1', `boom ${i}`);
      ids.push(id);
    }
    expect(await jobIds('failed')).toEqual(ids);

    const retried = await queue.retry(ids[0] as number);
    expect(retried).toMatchObject({
      id: ids[0],
      status: 'pending',
      attempts: 0,
      run_at: clock.toISOString(),
    });
    expect(await jobIds('failed')).toEqual(ids.slice(1));
    expect((await queue.claim('w1', 5)).map((job) => job.id)).toContain(ids[0]);

    await expect(queue.retry(ids[0] as number)).rejects.toBeInstanceOf(NotFound);
    await expect(queue.retry(999_999)).rejects.toMatchObject({ code: 'job_not_found' });
  });
});

describe('expired leases', () => {
  it("return a crashed worker's job to the queue", async () => {
    const id = await queue.enqueue('n', {});
    await queue.claim('w1', 1);
    expect(await queue.recoverExpired()).toBe(0);
    later(31);
    expect(await queue.recoverExpired()).toBe(1);
    expect(await queue.get(id)).toMatchObject({ status: 'pending', locked_by: null, attempts: 1 });
    expect(await queue.claim('w2', 1)).toMatchObject([{ id, attempts: 2, locked_by: 'w2' }]);
    // The first worker finishing late must not complete the job a second time.
    expect(await queue.complete(id, 'w1')).toBe(false);
    expect(await queue.complete(id, 'w2')).toBe(true);
  });

  it('fail a job whose last attempt was the one that never finished', async () => {
    const id = await queue.enqueue('n', {}, { maxAttempts: 1 });
    await queue.claim('w1', 1);
    later(31);
    expect(await queue.recoverExpired()).toBe(1);
    expect(await queue.get(id)).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('lease expired'),
    });
  });

  it('are kept alive by renewal', async () => {
    const id = await queue.enqueue('n', {});
    await queue.claim('w1', 1);
    later(20);
    expect(await queue.extendLease(id, 'w1')).toBe(true);
    later(20);
    expect(await queue.recoverExpired()).toBe(0);
    expect((await queue.get(id))?.locked_until).toBe('2025-06-01T12:00:50.000Z');
  });
});

describe('job kinds', () => {
  it('put each job in its kind’s queue, and claim one queue at a time', async () => {
    const jobs = createJobs(t.runtime.data, { clock: () => clock });
    jobs.registry.define('media.resize', async () => {}, { queue: 'media' });
    const resize = await jobs.queue.enqueue('media.resize', {});
    const plain = await jobs.queue.enqueue('unknown.kind', {});
    expect((await jobs.queue.get(resize))?.queue).toBe('media');
    expect((await jobs.queue.get(plain))?.queue).toBe('default');
    expect((await jobs.queue.dueQueues()).sort()).toEqual(['default', 'media']);
    expect(await jobs.queue.queuesWithDueJobs(['mail', 'media', 'default'])).toEqual(['media', 'default']);
    expect(await jobs.queue.queuesWithDueJobs([])).toEqual([]);

    expect((await jobs.queue.claim('w1', 5, 30, 'mail')).map((job) => job.id)).toEqual([]);
    expect((await jobs.queue.claim('w1', 5, 30, 'media')).map((job) => job.id)).toEqual([resize]);
    expect((await jobs.queue.claim('w1', 5, 30, 'default')).map((job) => job.id)).toEqual([plain]);
    expect(await jobs.queue.dueQueues()).toEqual([]);
  });

  it('retry on their own backoff, a function or exponential, else the queue’s', async () => {
    const jobs = createJobs(t.runtime.data, {
      clock: () => clock,
      backoff: { baseSeconds: 10, maxSeconds: 60 },
    });
    jobs.registry.define('webhooks.deliver', async () => {}, { backoff: (attempt) => attempt * 100 });
    jobs.registry.define('mail.send', async () => {}, { backoff: { baseSeconds: 1, maxSeconds: 2 } });
    const runAfterFailing = async (name: string, times: number) => {
      const id = await jobs.queue.enqueue(name, {});
      const delays = [];
      for (let i = 0; i < times; i++) {
        await t.runtime.data.global
          .updateTable('jobs')
          .set({ run_at: clock.toISOString() })
          .where('id', '=', id)
          .execute();
        await jobs.queue.claim('w1', 1, 30);
        await jobs.queue.fail(id, 'w1', 'down');
        const runAt = (await jobs.queue.get(id))?.run_at ?? '';
        delays.push((Date.parse(runAt) - clock.getTime()) / 1000);
      }
      return delays;
    };
    expect(await runAfterFailing('webhooks.deliver', 3)).toEqual([100, 200, 300]);
    expect(await runAfterFailing('mail.send', 3)).toEqual([1, 2, 2]);
    expect(await runAfterFailing('other', 3)).toEqual([10, 20, 40]);
  });
});

describe('dedupe keys', () => {
  it('return the waiting job instead of adding one, per name, site and key', async () => {
    const first = await queue.enqueue('test.reindex', { entry: 5 }, { dedupeKey: 'entry:5', siteId: 1 });
    const again = await queue.enqueue(
      'test.reindex',
      { entry: 5, v: 2 },
      { dedupeKey: 'entry:5', siteId: 1 },
    );
    expect(again).toBe(first);
    expect((await queue.get(first))?.payload).toEqual({ entry: 5 });
    const others = [
      await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:6', siteId: 1 }),
      await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:5', siteId: 2 }),
      await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:5' }),
      await queue.enqueue('test.purge', {}, { dedupeKey: 'entry:5', siteId: 1 }),
      await queue.enqueue('test.reindex', {}, { siteId: 1 }),
    ];
    expect(await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:5' })).toBe(others[2]);
    expect(new Set([first, ...others]).size).toBe(6);
    expect(await jobIds()).toHaveLength(6);
  });

  it('add new work once the waiting job has started', async () => {
    const first = await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:5' });
    await queue.claim('w1', 1);
    const second = await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:5' });
    expect(second).not.toBe(first);
    // The first run failing and waiting for its retry does not collide with the new job.
    expect(await queue.fail(first, 'w1', 'x')).toBe('retrying');
    expect(await queue.enqueue('test.reindex', {}, { dedupeKey: 'entry:5' })).toBe(second);
  });

  it('hold inside one transaction and between concurrent transactions', async () => {
    const inOne = await t.runtime.data.transaction(async (tx) => {
      const q = queue.withData(tx);
      return [await q.enqueue('n', {}, { dedupeKey: 'k1' }), await q.enqueue('n', {}, { dedupeKey: 'k1' })];
    });
    expect(inOne[0]).toBe(inOne[1]);
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.runtime.data.transaction((tx) => queue.withData(tx).enqueue('n', {}, { dedupeKey: 'k2' })),
      ),
    );
    expect(new Set(racing).size).toBe(1);
    expect(await jobIds()).toHaveLength(2);
  });

  it('refuse to send a failed job back while its twin waits', async () => {
    const failed = await queue.enqueue('n', {}, { dedupeKey: 'k', maxAttempts: 1 });
    await queue.claim('w1', 1);
    await queue.fail(failed, 'w1', 'x');
    const waiting = await queue.enqueue('n', {}, { dedupeKey: 'k' });
    await expect(queue.retry(failed)).rejects.toMatchObject({ code: 'job_duplicate' });
    expect((await queue.get(failed))?.status).toBe('failed');
    await queue.cancel(waiting);
    expect((await queue.retry(failed)).status).toBe('pending');
  });

  it('must be 1 to 200 characters', async () => {
    await expect(queue.enqueue('n', {}, { dedupeKey: '' })).rejects.toBeInstanceOf(ValidationFailed);
    await expect(queue.enqueue('n', {}, { dedupeKey: 'k'.repeat(201) })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
  });
});

describe('cancel and reschedule', () => {
  it('cancel a pending job, which then never runs and frees its dedupe key', async () => {
    const id = await queue.enqueue('n', {}, { dedupeKey: 'k' });
    expect(await queue.cancel(id)).toMatchObject({ id, status: 'cancelled' });
    expect(await queue.claim('w1', 5)).toEqual([]);
    await expect(queue.cancel(id)).rejects.toMatchObject({ code: 'job_not_pending' });
    expect(await queue.enqueue('n', {}, { dedupeKey: 'k' })).not.toBe(id);
  });

  it('cancel the waiting job of a dedupe key', async () => {
    const id = await queue.enqueue('entries.publish', {}, { dedupeKey: 'entry:9', siteId: 4 });
    expect(await queue.cancelByKey('entries.publish', 'entry:9', 1)).toBeNull();
    expect(await queue.cancelByKey('entries.publish', 'entry:9', 4)).toMatchObject({
      id,
      status: 'cancelled',
    });
    expect(await queue.cancelByKey('entries.publish', 'entry:9', 4)).toBeNull();
  });

  it('move a pending job to another time', async () => {
    const id = await queue.enqueue('n', {}, { delaySeconds: 3600 });
    const moved = await queue.reschedule(id, '2025-06-01T12:00:30Z');
    expect(moved).toMatchObject({ id, status: 'pending', run_at: '2025-06-01T12:00:30.000Z' });
    expect(await queue.claim('w1', 5)).toEqual([]);
    later(30);
    expect((await queue.claim('w1', 5)).map((job) => job.id)).toEqual([id]);
  });

  it('refuse a job that is running or ended (Conflict), missing (NotFound), or a bad time', async () => {
    const running = await queue.enqueue('n', {});
    await queue.claim('w1', 1);
    const done = await queue.enqueue('n', {});
    await queue.claim('w1', 1);
    await queue.complete(done, 'w1');
    for (const id of [running, done]) {
      await expect(queue.cancel(id)).rejects.toBeInstanceOf(Conflict);
      await expect(queue.reschedule(id, clock)).rejects.toBeInstanceOf(Conflict);
    }
    await expect(queue.cancel(999_999)).rejects.toBeInstanceOf(NotFound);
    await expect(queue.reschedule(999_999, clock)).rejects.toMatchObject({ code: 'job_not_found' });
    const pending = await queue.enqueue('n', {});
    await expect(queue.reschedule(pending, '2016-12-31T23:59:60Z')).rejects.toBeInstanceOf(ValidationFailed);
    expect(await queue.get(running)).toMatchObject({ status: 'running', locked_by: 'w1' });
    expect((await queue.get(done))?.status).toBe('completed');
  });
});
