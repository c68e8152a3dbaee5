import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { NotFound, ValidationFailed } from '../errors.js';
import { JobQueue } from './job-queue.js';
import { createJobs } from './jobs.js';

let t: TestContext;
let clock: Date;
let queue: JobQueue;

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

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
    expect((await queue.list()).total).toBe(0);
    await t.runtime.data.transaction((tx) => queue.withData(tx).enqueue('n', {}));
    expect((await queue.list()).total).toBe(1);
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

  it('lists failed jobs and sends them back to the queue', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const id = await queue.enqueue('n', { i }, { maxAttempts: 1 });
      await queue.claim('w1', 1);
      await queue.fail(id, 'w1', `boom ${i}`);
      ids.push(id);
    }
    await queue.enqueue('n', { pending: true });

    const first = await queue.listFailed({ page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map((job) => job.id)).toEqual([ids[2], ids[1]]);
    expect((await queue.listFailed({ page: 2, limit: 2 })).items.map((job) => job.last_error)).toEqual([
      'boom 0',
    ]);
    expect((await queue.list({ status: 'pending' })).total).toBe(1);
    expect((await queue.list()).total).toBe(4);

    const retried = await queue.retry(ids[0] as number);
    expect(retried).toMatchObject({
      id: ids[0],
      status: 'pending',
      attempts: 0,
      run_at: clock.toISOString(),
    });
    expect((await queue.listFailed()).total).toBe(2);
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
