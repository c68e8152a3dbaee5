import { afterAll, beforeAll, expect, it } from 'vitest';
import { runJobHandler } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { seedSiteWithRoles, seedUser } from '../../../test/identity-fixtures.js';
import { identityOf } from './identity.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the hourly purge deletes expired sessions and spent tokens, and keeps live ones', async () => {
  const { siteId, roles } = await seedSiteWithRoles(t.runtime);
  const userId = await seedUser(t.runtime, siteId, roles, { email: 'a@example.test', role: 'author' });
  const { sessions } = identityOf(t.runtime);
  const live = await sessions.start(userId, siteId, { ip: null, userAgent: null });
  const stale = await sessions.start(userId, siteId, { ip: null, userAgent: null });
  const past = '2020-01-01T00:00:00.000Z';
  const db = t.runtime.data.global;
  await db
    .updateTable('sessions')
    .set({ idle_expires_at: past })
    .where('id', '=', stale.session.id)
    .execute();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: 'a'.repeat(64),
      user_id: userId,
      expires_at: past,
      used_at: null,
      created_at: past,
    })
    .execute();

  const schedule = (await t.runtime.jobs.schedules.list()).find((s) => s.name === 'identity.purge_expired');
  expect(schedule?.cron).toBe('23 * * * *');
  await runJobHandler(t.runtime, 'identity.purge_expired');

  const left = await db.selectFrom('sessions').select('id').execute();
  expect(left.map((s) => s.id)).toEqual([live.session.id]);
  expect(await db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
});
