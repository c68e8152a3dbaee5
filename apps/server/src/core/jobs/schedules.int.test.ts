import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext } from '../../../test/harness.js';
import { ValidationFailed } from '../errors.js';
import { JobQueue } from './job-queue.js';
import { JobSchedules } from './schedules.js';

let t: TestContext;
let clock: Date;
let queue: JobQueue;
let schedules: JobSchedules;

async function jobsQueued() {
  const rows = await t.runtime.data.global.selectFrom('jobs').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    ...row,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  }));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.runtime.data.global.deleteFrom('jobs').execute();
  await t.runtime.data.global.deleteFrom('job_schedules').execute();
  clock = new Date('2025-06-01T12:02:00.000Z');
  queue = new JobQueue(t.runtime.data, { clock: () => clock });
  schedules = new JobSchedules(t.runtime.data, queue, () => clock);
});

describe('schedule', () => {
  it('stores the schedule with its first run time', async () => {
    const schedule = await schedules.schedule('reports.aggregate', '*/5 * * * *', { day: 'today' });
    expect(schedule).toEqual({
      id: expect.any(Number),
      name: 'reports.aggregate',
      site_id: null,
      cron: '*/5 * * * *',
      payload: { day: 'today' },
      next_run_at: '2025-06-01T12:05:00.000Z',
      last_run_at: null,
      enabled: true,
    });
    expect(await schedules.list()).toEqual([schedule]);
  });

  it('keeps the pending run when called again with the same expression, and starts afresh with a new one', async () => {
    await schedules.schedule('digest', '0 * * * *', { v: 1 });
    clock = new Date('2025-06-01T13:30:00.000Z');
    const same = await schedules.schedule('digest', '0 * * * *', { v: 2 });
    expect(same).toMatchObject({ next_run_at: '2025-06-01T13:00:00.000Z', payload: { v: 2 } });
    const changed = await schedules.schedule('digest', '0 3 * * *', { v: 2 });
    expect(changed).toMatchObject({ cron: '0 3 * * *', next_run_at: '2025-06-02T03:00:00.000Z' });
    expect(await schedules.list()).toHaveLength(1);
  });

  it('rejects an invalid cron expression', async () => {
    await expect(schedules.schedule('digest', 'every day', {})).rejects.toBeInstanceOf(ValidationFailed);
    await expect(schedules.schedule('digest', '* * *', {})).rejects.toMatchObject({ code: 'invalid_cron' });
    expect(await schedules.list()).toEqual([]);
  });

  it('unschedules', async () => {
    await schedules.schedule('digest', '0 * * * *', {});
    expect(await schedules.unschedule('digest')).toBe(true);
    expect(await schedules.unschedule('digest')).toBe(false);
  });
});

describe('enqueueDue', () => {
  it('enqueues one job per due time and moves the next run on', async () => {
    await schedules.schedule('digest', '*/5 * * * *', { kind: 'digest' });
    expect(await schedules.enqueueDue()).toBe(0);

    clock = new Date('2025-06-01T12:05:00.000Z');
    expect(await schedules.enqueueDue()).toBe(1);
    expect(await schedules.enqueueDue()).toBe(0);
    expect(await jobsQueued()).toMatchObject([
      { name: 'digest', payload: { kind: 'digest' }, status: 'pending', site_id: null },
    ]);
    expect((await schedules.list())[0]).toMatchObject({
      next_run_at: '2025-06-01T12:10:00.000Z',
      last_run_at: '2025-06-01T12:05:00.000Z',
    });
  });

  it('collapses runs missed while no worker was up into one', async () => {
    await schedules.schedule('digest', '*/5 * * * *', {});
    clock = new Date('2025-06-01T14:01:00.000Z');
    expect(await schedules.enqueueDue()).toBe(1);
    expect((await schedules.list())[0]?.next_run_at).toBe('2025-06-01T14:05:00.000Z');
  });

  it('enqueues a due time once when several workers look at the same moment', async () => {
    await schedules.schedule('digest', '*/5 * * * *', {});
    clock = new Date('2025-06-01T12:05:00.000Z');
    const others = [1, 2, 3].map(() => new JobSchedules(t.runtime.data, queue, () => clock));
    const counts = await Promise.all([schedules, ...others].map((s) => s.enqueueDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await jobsQueued()).toHaveLength(1);
  });

  it('does not pile up runs while the previous one still waits to start', async () => {
    await schedules.schedule('digest', '*/5 * * * *', {});
    clock = new Date('2025-06-01T12:05:00.000Z');
    expect(await schedules.enqueueDue()).toBe(1);
    clock = new Date('2025-06-01T12:10:00.000Z');
    expect(await schedules.enqueueDue()).toBe(1);
    expect(await jobsQueued()).toHaveLength(1);
    await queue.claim('w1', 1);
    clock = new Date('2025-06-01T12:15:00.000Z');
    expect(await schedules.enqueueDue()).toBe(1);
    expect((await jobsQueued()).map((job) => job.status)).toEqual(['running', 'pending']);
  });
});

describe('schedules per site', () => {
  let siteA: number;
  let siteB: number;

  beforeAll(async () => {
    siteA = await seedSite(t.runtime, 'a.example.test');
    siteB = await seedSite(t.runtime, 'b.example.test');
  });

  it('keep one schedule per name and site, each enqueuing its job for its site', async () => {
    await schedules.schedule('seo.sitemap', '*/5 * * * *', { v: 'a' }, { siteId: siteA });
    await schedules.schedule('seo.sitemap', '*/5 * * * *', { v: 'b' }, { siteId: siteB });
    await schedules.schedule('seo.sitemap', '0 * * * *', { v: 'a2' }, { siteId: siteA });
    expect((await schedules.list()).map((s) => [s.site_id, s.cron, s.payload])).toEqual([
      [siteA, '0 * * * *', { v: 'a2' }],
      [siteB, '*/5 * * * *', { v: 'b' }],
    ]);
    expect((await schedules.list({ siteId: siteB })).map((s) => s.site_id)).toEqual([siteB]);
    expect(await schedules.list({ siteId: null })).toEqual([]);

    clock = new Date('2025-06-01T12:05:00.000Z');
    expect(await schedules.enqueueDue()).toBe(1);
    clock = new Date('2025-06-01T13:00:00.000Z');
    expect(await schedules.enqueueDue()).toBe(2);
    expect((await jobsQueued()).map((job) => [job.site_id, job.payload])).toEqual([
      [siteB, { v: 'b' }],
      [siteA, { v: 'a2' }],
    ]);
  });

  it('unschedule one site without touching another, or the installation-wide one', async () => {
    await schedules.schedule('seo.sitemap', '0 * * * *', {}, { siteId: siteA });
    await schedules.schedule('seo.sitemap', '0 * * * *', {}, { siteId: siteB });
    await schedules.schedule('seo.sitemap', '0 * * * *', {});
    expect(await schedules.unschedule('seo.sitemap', { siteId: siteA })).toBe(true);
    expect(await schedules.unschedule('seo.sitemap', { siteId: siteA })).toBe(false);
    expect((await schedules.list()).map((s) => s.site_id)).toEqual([null, siteB]);
  });

  it('refuse a site that does not exist', async () => {
    await expect(schedules.schedule('seo.sitemap', '0 * * * *', {}, { siteId: 999_999 })).rejects.toThrow();
    expect(await schedules.list()).toEqual([]);
  });
});
