import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { seedSiteWithRoles } from '../../../test/identity-fixtures.js';
import { Access } from '../../core/access/access.js';
import type { Site } from '../../core/sites/site.js';
import { type Actor, systemActor } from '../identity/actor.js';
import { JobsService } from './service.js';

let t: TestContext;
let site: Site;
let jobs: JobsService;

beforeAll(async () => {
  t = await createTestApp();
  const { siteId } = await seedSiteWithRoles(t.runtime);
  site = (await t.runtime.siteStore.findById(siteId)) as Site;
  jobs = new JobsService(t.runtime);
});
afterAll(() => t.close());

it('checks jobs.manage itself, whatever the entry point', async () => {
  const id = await t.runtime.jobs.queue.enqueue('service_test.thing', {});
  const editor: Actor = {
    site,
    access: new Access(42, false, new Set(['activity.view']), t.runtime.permissions),
    userId: 42,
    ip: null,
  };
  await expect(jobs.cancel(editor, id)).rejects.toMatchObject({ code: 'permission_denied' });
  await expect(jobs.reschedule(editor, id, '2030-01-01T00:00:00Z')).rejects.toMatchObject({
    code: 'permission_denied',
  });
  await expect(jobs.list(editor, {}, 1, 20)).rejects.toMatchObject({ code: 'permission_denied' });
  expect((await t.runtime.jobs.queue.get(id))?.status).toBe('pending');

  // The system (the CLI) holds every permission; its entry names no user.
  expect((await jobs.cancel(systemActor(t.runtime, site), id)).status).toBe('cancelled');
  const entry = await t.runtime.data
    .site(site.id)
    .selectFrom('activity_log')
    .selectAll()
    .where('action', '=', 'job.cancelled')
    .executeTakeFirst();
  expect(entry).toMatchObject({ subject_id: String(id), user_id: null });
});

it('leaves no activity entry when the change is refused', async () => {
  const id = await t.runtime.jobs.queue.enqueue('service_test.other', {});
  const system = systemActor(t.runtime, site);
  await jobs.cancel(system, id);
  await expect(jobs.reschedule(system, id, '2030-01-01T00:00:00Z')).rejects.toMatchObject({
    code: 'job_not_pending',
  });
  const entries = await t.runtime.data
    .site(site.id)
    .selectFrom('activity_log')
    .select('action')
    .where('subject_id', '=', String(id))
    .execute();
  expect(entries.map((e) => e.action)).toEqual(['job.cancelled']);
});
