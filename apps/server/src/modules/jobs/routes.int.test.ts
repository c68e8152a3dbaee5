import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobHandler, waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';

let t: TestContext;
let headers: Record<string, string>;
let failedId: number;
let pendingId: number;
let siteId: number;
let userId: number;
let adminHeaders: Record<string, string>;

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

  const { queue } = t.runtime.jobs;
  failedId = await queue.enqueue('mail.send', { to: 'a@example.test' }, { maxAttempts: 1, siteId });
  await queue.claim('test-worker', 1);
  await queue.fail(failedId, 'test-worker', new Error('SMTP refused the message'));
  pendingId = await queue.enqueue('mail.send', { to: 'b@example.test' });
});
afterAll(() => t.close());

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
    for (const query of ['status=stuck', 'limit=101', 'page=0']) {
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

  it('rejects an id that is not a number', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/jobs/abc/retry', headers });
    expect(res.statusCode).toBe(422);
  });
});

describe('maintenance', () => {
  it('a daily job deletes completed jobs older than a week and keeps the rest', async () => {
    const { queue } = t.runtime.jobs;
    const oldId = await queue.enqueue('mail.send', { to: 'old@example.test' });
    const recentId = await queue.enqueue('mail.send', { to: 'new@example.test' });
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
    expect((await queue.get(recentId))?.status).toBe('completed');
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
