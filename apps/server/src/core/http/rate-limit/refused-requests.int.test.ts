import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../../test/identity-fixtures.js';
import { sha256 } from '../../access/secrets.js';

const host = 'refused.test';
let t: TestContext;
let userId: number;
let nextClient = 0;

/** A client address of its own for each test (198.51.100.0/24 is for documentation). */
function newClient(): string {
  nextClient += 1;
  return `198.51.100.${nextClient}`;
}

/** A well-formed token that no one was ever given. */
function madeUpToken(n: number): string {
  return `tsr_guessed0_${String(n).padStart(43, 'x')}`;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '3' });
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
  userId = await seedUser(t.runtime, siteId, roles, { email: 'owner@refused.test', role: 'admin' });
});
afterAll(() => t.close());

function get(client: string, headers: Record<string, string> = {}, url = '/api/site') {
  return t.app.inject({ url, remoteAddress: client, headers: { host, ...headers } });
}

describe('failed authentication counts against the client address', () => {
  it('answers bad tokens 401 until the address has spent its budget, then 429 for it all', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await get(client, bearer(madeUpToken(i)))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const spent = await get(client, bearer(madeUpToken(9)));
    expect(spent.statusCode).toBe(429);
    expect(spent.headers['x-ratelimit-limit']).toBe('3');
    expect(spent.headers['x-ratelimit-remaining']).toBe('0');
    expect(spent.headers['retry-after']).toMatch(/^\d+$/);
    // The address's anonymous requests share that budget; another address is untouched.
    expect((await get(client)).statusCode).toBe(429);
    expect((await get(newClient())).statusCode).toBe(200);
  });

  it('counts a malformed Authorization header as a failure too', async () => {
    const client = newClient();
    const first = await get(client, { authorization: 'Basic abc' });
    expect(first.statusCode).toBe(401);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('remembers an unknown token briefly, so repeating it costs no query', async () => {
    const secret = madeUpToken(100);
    expect((await get(newClient(), bearer(secret))).statusCode).toBe(401);
    // Written behind the service's back: only a lookup would find it, and none is made.
    await t.runtime.data.global
      .insertInto('api_tokens')
      .values({
        user_id: userId,
        name: 'behind the back',
        prefix: 'tsr_guessed0',
        token_hash: sha256(secret),
        permissions: null,
        expires_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await get(newClient(), bearer(secret))).statusCode).toBe(401);
  });

  it('lets a token created after failed attempts work at once', async () => {
    const client = newClient();
    expect((await get(client, bearer(madeUpToken(200)))).statusCode).toBe(401);
    const token = await seedToken(t.runtime, userId);
    expect((await get(client, bearer(token))).statusCode).toBe(200);
  });
});

describe('unknown hosts count against the client address', () => {
  it('answers 404 until the budget is spent, then 429 without looking the host up', async () => {
    const client = newClient();
    const unknown = (n: number) =>
      t.app.inject({ url: '/api/site', remoteAddress: client, headers: { host: `nobody-${n}.test` } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await unknown(i)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const lookups = vi.spyOn(t.runtime.siteStore, 'findByDomain');
    try {
      const res = await unknown(99);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rate_limited');
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });
});
