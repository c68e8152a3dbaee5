import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../../test/identity-fixtures.js';
import { identityOf } from '../identity.js';

const host = 'revoke.test';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
});
afterAll(() => t.close());

// Only PostgreSQL lets a request read while another transaction holds an uncommitted revocation;
// SQLite runs the whole revoking transaction before anything else touches the database.
it.skipIf(testEngine !== 'postgres')(
  'a revoked token stops at once, even when a request reads it while the revocation commits',
  async () => {
    const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
    const userId = await seedUser(t.runtime, siteId, roles, { email: 'holder@revoke.test', role: 'author' });
    const doomed = await seedToken(t.runtime, userId);
    const keeper = await seedToken(t.runtime, userId);
    const me = (token: string) => t.app.inject({ url: '/api/me', headers: { host, ...bearer(token) } });
    expect((await me(doomed)).statusCode).toBe(200);
    const doomedId = (await identityOf(t.runtime).tokens.listOf(userId)).find((r) =>
      doomed.startsWith(`${r.prefix}_`),
    )?.id;

    // Holds the revoking transaction open between its UPDATE and its commit: its activity row waits
    // for this lock.
    const blocker = new pg.Client({ connectionString: t.database.env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE activity_log IN EXCLUSIVE MODE');
      const revoking = t.app.inject({
        method: 'DELETE',
        url: `/api/me/tokens/${doomedId}`,
        headers: { host, ...bearer(keeper) },
      });
      await waitFor(async () => {
        const { rows } = await blocker.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(rows[0]?.n) > 0;
      }, 'the revocation to wait for its activity row');
      // Not committed yet: the token still works, and this read may cache it.
      expect((await me(doomed)).statusCode).toBe(200);
      await blocker.query('COMMIT');
      expect((await revoking).statusCode).toBe(204);
    } finally {
      await blocker.end();
    }
    const after = await me(doomed);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_token');
    expect((await me(keeper)).statusCode).toBe(200);
  },
);
