import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobHandler, waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { readJson } from '../../core/db/engine.js';

let t: TestContext;
let headers: Record<string, string>;
let failedId: number;
let pendingId: number;
let siteId: number;
let userId: number;
let adminHeaders: Record<string, string>;
/** A Super Admin whose profile says French. */
let frenchHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedSiteWithRoles(t.runtime);
  siteId = seeded.siteId;
  const { roles } = seeded;
  userId = await seedUser(t.runtime, siteId, roles, {
    email: 'root@example.test',
    role: 'super_admin',
  });
  headers = { host: 'example.test', authorization: `Bearer ${await seedToken(t.runtime, userId)}` };
  const adminId = await seedUser(t.runtime, siteId, roles, { email: 'admin@example.test', role: 'admin' });
  adminHeaders = { host: 'example.test', authorization: `Bearer ${await seedToken(t.runtime, adminId)}` };
  const frenchId = await seedUser(t.runtime, siteId, roles, {
    email: 'fr@example.test',
    role: 'super_admin',
  });
  frenchHeaders = { host: 'example.test', authorization: `Bearer ${await seedToken(t.runtime, frenchId)}` };
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/api/me',
    headers: frenchHeaders,
    payload: { locale: 'fr' },
  });
  expect(profile.statusCode, profile.body).toBe(200);

  const { queue } = t.runtime.jobs;
  failedId = await queue.enqueue('mail.send', { to: 'a@example.test' }, { maxAttempts: 1, siteId });
  await queue.claim('test-worker', 1);
  await queue.fail(failedId, 'test-worker', new Error('SMTP refused the message'));
  pendingId = await queue.enqueue('mail.send', { to: 'b@example.test' });
});
afterAll(() => t.close());

function activityFor(action: string, jobId: number) {
  return t.runtime.data
    .site(siteId)
    .selectFrom('activity_log')
    .selectAll()
    .where('action', '=', action)
    .where('subject_id', '=', String(jobId))
    .executeTakeFirst();
}

describe('GET /api/jobs', () => {
  it('lists failed jobs with their last error', async () => {
    const res = await t.app.inject({ url: '/api/jobs?status=failed', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 1, per_page: 20, current_page: 1, last_page: 1 });
    expect(body.data).toEqual([
      expect.objectContaining({
        id: failedId,
        name: 'mail.send',
        payload: { to: 'a@example.test' },
        status: 'failed',
        attempts: 1,
        max_attempts: 1,
        last_error: 'SMTP refused the message',
        locked_by: null,
        completed_at: null,
      }),
    ]);
  });

  it('lists every job, newest first, a page at a time', async () => {
    const res = await t.app.inject({ url: '/api/jobs?limit=1&page=1', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((job: { id: number }) => job.id)).toEqual([pendingId]);
    expect(res.json().meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it('rejects an unknown status or an out-of-range limit', async () => {
    for (const query of ['status=stuck', 'limit=101', 'page=0', 'name=a%00b', 'queue=Media', 'queue=']) {
      const res = await t.app.inject({ url: `/api/jobs?${query}`, headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('is for Super Admins only: the queue spans every site', async () => {
    expect((await t.app.inject({ url: '/api/jobs', headers: adminHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/jobs', headers: { host: 'example.test' } })).statusCode).toBe(
      401,
    );
  });

  it('documents the permission it needs', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/jobs'].get['x-permission']).toBe('jobs.manage');
    expect(doc.paths['/api/jobs/{id}/retry'].post['x-permission']).toBe('jobs.manage');
    expect(doc.paths['/api/jobs/{id}/cancel'].post['x-permission']).toBe('jobs.manage');
    expect(doc.paths['/api/jobs/{id}/reschedule'].post['x-permission']).toBe('jobs.manage');
  });

  it('filters by queue and name, and shows each job’s queue and dedupe key', async () => {
    const id = await t.runtime.jobs.queue.enqueue('list_test.thing', {}, { dedupeKey: 'thing:1' });
    const res = await t.app.inject({ url: '/api/jobs?name=list_test.thing&queue=default', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id, queue: 'default', dedupe_key: 'thing:1', status: 'pending' }),
    ]);
    const none = await t.app.inject({ url: '/api/jobs?name=list_test.thing&queue=media', headers });
    expect(none.json().meta.total).toBe(0);
    await t.runtime.jobs.queue.cancel(id);
  });
});

describe('POST /api/jobs/:id/retry', () => {
  it('sends a failed job back to the queue', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${failedId}/retry`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: failedId, status: 'pending', attempts: 0 });
    expect((await t.runtime.jobs.queue.get(failedId))?.status).toBe('pending');
    const entry = await t.runtime.data
      .site(siteId)
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'job.retried')
      .executeTakeFirst();
    expect(entry).toMatchObject({ subject_type: 'job', subject_id: String(failedId), user_id: userId });
  });

  it('answers 404 for a job that is not failed or does not exist', async () => {
    for (const id of [pendingId, 999_999]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/retry`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('job_not_found');
    }
  });

  it('rejects an id that is not a number or past the integer range', async () => {
    for (const id of ['abc', '2147483648']) {
      for (const action of ['retry', 'cancel']) {
        const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/${action}`, headers });
        expect(res.statusCode).toBe(422);
      }
    }
  });
});

describe('POST /api/jobs/:id/cancel', () => {
  it('cancels a pending job, with an activity entry', async () => {
    const id = await t.runtime.jobs.queue.enqueue('cancel_test.thing', {}, { siteId });
    const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'cancelled' });
    expect(await activityFor('job.cancelled', id)).toMatchObject({ user_id: userId });
  });

  it('answers 409 when the job is running or ended, and 404 when there is none', async () => {
    const { queue } = t.runtime.jobs;
    const done = await queue.enqueue('cancel_test.done', {}, { runAt: '2000-01-01T00:00:00Z' });
    await queue.claim('test-worker', 1);
    await queue.complete(done, 'test-worker');
    const id = await queue.enqueue('cancel_test.running', {}, { runAt: '2000-01-01T00:00:00Z' });
    await queue.claim('test-worker', 1);
    expect((await queue.get(id))?.status).toBe('running');
    for (const target of [id, done]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${target}/cancel`, headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('job_not_pending');
    }
    expect((await queue.get(id))?.status).toBe('running');
    expect(await activityFor('job.cancelled', id)).toBeUndefined();
    const missing = await t.app.inject({ method: 'POST', url: '/api/jobs/999999/cancel', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('job_not_found');
    await queue.complete(id, 'test-worker');
  });

  it('is for jobs.manage holders only', async () => {
    const id = await t.runtime.jobs.queue.enqueue('cancel_test.guarded', {});
    const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: adminHeaders });
    expect(res.statusCode).toBe(403);
    expect((await t.runtime.jobs.queue.get(id))?.status).toBe('pending');
    await t.runtime.jobs.queue.cancel(id);
  });
});

describe('POST /api/jobs/:id/reschedule', () => {
  it('moves a pending job’s next run, with an activity entry saying from when to when', async () => {
    const id = await t.runtime.jobs.queue.enqueue('move_test.thing', {}, { runAt: '2030-01-01T00:00:00Z' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/reschedule`,
      headers,
      payload: { run_at: '2031-02-03T04:05:06Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'pending', run_at: '2031-02-03T04:05:06.000Z' });
    const entry = await activityFor('job.rescheduled', id);
    expect(readJson(entry?.details, {})).toMatchObject({
      run_at: ['2030-01-01T00:00:00.000Z', '2031-02-03T04:05:06.000Z'],
    });
    await t.runtime.jobs.queue.cancel(id);
  });

  it('answers 422 for a missing or impossible time and 409 for a job no longer pending', async () => {
    const id = await t.runtime.jobs.queue.enqueue('move_test.other', {}, { runAt: '2030-01-01T00:00:00Z' });
    for (const payload of [{}, { run_at: 'tomorrow' }, { run_at: '2016-12-31T23:59:60Z' }]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/reschedule`, headers, payload });
      expect(res.statusCode).toBe(422);
    }
    expect((await t.runtime.jobs.queue.get(id))?.run_at).toBe('2030-01-01T00:00:00.000Z');
    await t.runtime.jobs.queue.cancel(id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/reschedule`,
      headers,
      payload: { run_at: '2031-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('maintenance', () => {
  it('a daily job deletes completed and cancelled jobs older than a week and keeps the rest', async () => {
    const { queue } = t.runtime.jobs;
    const oldId = await queue.enqueue('mail.send', { to: 'old@example.test' });
    const recentId = await queue.enqueue('mail.send', { to: 'new@example.test' });
    const oldCancelled = await queue.enqueue('mail.send', { to: 'gone@example.test' });
    const recentCancelled = await queue.enqueue('mail.send', { to: 'kept@example.test' });
    for (const id of [oldCancelled, recentCancelled]) await queue.cancel(id);
    await t.runtime.data.global
      .updateTable('jobs')
      .set({ updated_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', oldCancelled)
      .execute();
    for (const id of [oldId, recentId]) {
      await t.runtime.data.global
        .updateTable('jobs')
        .set({ status: 'completed', completed_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    }
    await t.runtime.data.global
      .updateTable('jobs')
      .set({ completed_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('id', '=', oldId)
      .execute();
    expect((await t.runtime.jobs.schedules.list()).map((s) => s.name)).toContain('jobs.purge_completed');
    await runJobHandler(t.runtime, 'jobs.purge_completed');
    expect(await queue.get(oldId)).toBeNull();
    expect(await queue.get(oldCancelled)).toBeNull();
    expect((await queue.get(recentId))?.status).toBe('completed');
    expect((await queue.get(recentCancelled))?.status).toBe('cancelled');
    expect((await queue.get(failedId))?.status).not.toBeUndefined();
  });

  it('runs job.failed hooks when a job runs out of attempts', async () => {
    const { workerForRuntime } = await import('../../core/jobs/worker.js');
    const seen: number[] = [];
    const off = t.runtime.hooks.addAction('job.failed', (_ctx, job) => void seen.push(job.id), {
      owner: 'test',
    });
    t.runtime.jobs.registry.define('hooks_test.broken', async () => {
      throw new Error('always broken');
    });
    const id = await t.runtime.jobs.queue.enqueue('hooks_test.broken', {}, { maxAttempts: 1 });
    const worker = workerForRuntime(t.runtime, { pollMs: 20 });
    worker.start();
    try {
      await waitFor(() => seen.includes(id), 'the job.failed hook to run');
    } finally {
      await worker.stop();
      off();
    }
    expect(seen).toContain(id);
  });
});

describe("a failed job in the caller's language", () => {
  it('says why it failed in French to a French user when the server knows the words, else as written', async () => {
    const { queue } = t.runtime.jobs;
    const timedOut = await queue.enqueue('mail.send', { to: 'c@example.test' }, { maxAttempts: 1 });
    await queue.claim('test-worker', 1);
    await queue.fail(timedOut, 'test-worker', new Error('The job timed out after 30 s.'));
    const errorsFor = async (who: Record<string, string>) => {
      const res = await t.app.inject({ url: '/api/jobs?status=failed&limit=100', headers: who });
      expect(res.statusCode).toBe(200);
      const jobs: Array<{ id: number; last_error: string }> = res.json().data;
      return Object.fromEntries(jobs.map((job) => [job.id, job.last_error]));
    };
    expect(await errorsFor(frenchHeaders)).toMatchObject({
      [timedOut]: 'La tâche a dépassé le délai de 30 s.',
    });
    const english = await errorsFor(headers);
    expect(english).toMatchObject({ [timedOut]: 'The job timed out after 30 s.' });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${timedOut}/retry`,
      headers: frenchHeaders,
    });
    expect(retried.json().data.last_error).toBe('La tâche a dépassé le délai de 30 s.');
  });
});
