import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  bearer,
  seedSiteWithRoles,
  seedToken,
  seedUser,
  signIn,
} from '../../../../test/identity-fixtures.js';

const host = 'budgets.test';
let t: TestContext;
let siteId: number;
let roles: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '4', RATE_LIMIT_SESSION: '6' });
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
});
afterAll(() => t.close());

function get(headers: Record<string, string>, remoteAddress: string) {
  return t.app.inject({ url: '/api/me', remoteAddress, headers: { host, ...headers } });
}

describe('the client is the user, not each token', () => {
  it('makes all of a user’s tokens share one budget, from any address', async () => {
    const user = await seedUser(t.runtime, siteId, roles, { email: 'tokens@budgets.test', role: 'editor' });
    const [first, second] = [await seedToken(t.runtime, user), await seedToken(t.runtime, user)];
    expect((await get(bearer(first), '203.0.113.1')).headers['x-ratelimit-remaining']).toBe('3');
    expect((await get(bearer(second), '203.0.113.2')).headers['x-ratelimit-remaining']).toBe('2');
    expect((await get(bearer(first), '203.0.113.3')).statusCode).toBe(200);
    expect((await get(bearer(second), '203.0.113.1')).statusCode).toBe(200);
    const spent = await get(bearer(first), '203.0.113.1');
    expect(spent.statusCode).toBe(429);
    expect(spent.headers['x-ratelimit-limit']).toBe('4');
    // Another user's token is untouched.
    const other = await seedUser(t.runtime, siteId, roles, { email: 'other@budgets.test', role: 'editor' });
    expect((await get(bearer(await seedToken(t.runtime, other)), '203.0.113.1')).statusCode).toBe(200);
  });
});

describe('session requests have their own group, RATE_LIMIT_SESSION', () => {
  it('counts the admin app against the session limit, with the three headers', async () => {
    const user = await seedUser(t.runtime, siteId, roles, { email: 'admin@budgets.test', role: 'admin' });
    const session = await signIn(t.app, host, 'admin@budgets.test');
    const statuses: number[] = [];
    let last = await get({ cookie: session.cookie }, '203.0.113.9');
    expect(last.headers['x-ratelimit-limit']).toBe('6');
    expect(last.headers['x-ratelimit-remaining']).toBe('5');
    for (let i = 0; i < 6; i += 1) {
      last = await get({ cookie: session.cookie }, '203.0.113.9');
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last.headers['x-ratelimit-limit']).toBe('6');
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    // The session's bursts leave the user's token budget alone.
    const token = await get(bearer(await seedToken(t.runtime, user)), '203.0.113.9');
    expect(token.statusCode).toBe(200);
    expect(token.headers['x-ratelimit-limit']).toBe('4');
  });
});
