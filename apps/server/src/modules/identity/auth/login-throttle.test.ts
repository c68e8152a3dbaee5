import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../../core/http/rate-limit/memory-store.js';
import { RedisRateLimitStore } from '../../../core/http/rate-limit/redis-store.js';
import type { RateLimitStore } from '../../../core/http/rate-limit/store.js';
import {
  ACCOUNT_FAILURES,
  ADDRESS_FAILURES,
  KNOWN_ADDRESS_FAILURES,
  LoginThrottle,
} from './login-throttle.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const redis = new RedisRateLimitStore({
  url: redisUrl,
  prefix: `test:throttle:${randomBytes(4).toString('hex')}:`,
});
const memory = new MemoryRateLimitStore();
afterAll(async () => {
  await redis.clear().catch(() => undefined);
  await Promise.all([redis.close(), memory.close()]);
});

/** Settles every promise and counts those that were let through. */
async function admitted(attempts: Array<Promise<unknown>>): Promise<number> {
  return (await Promise.allSettled(attempts)).filter((result) => result.status === 'fulfilled').length;
}

describe.each([
  ['memory', memory],
  ['Redis', redis],
] as Array<[string, RateLimitStore]>)('LoginThrottle on the %s store', (_name, store) => {
  const throttle = new LoginThrottle(store);

  it('counts parallel attempts atomically: only as many as the limit get through', async () => {
    const email = `parallel-${randomBytes(4).toString('hex')}@example.test`;
    const attempts = Array.from({ length: 18 }, (_, i) => throttle.begin(email, `192.0.2.${i}`));
    expect(await admitted(attempts)).toBe(ACCOUNT_FAILURES);
    await expect(throttle.begin(email, '192.0.2.200')).rejects.toMatchObject({ code: 'login_throttled' });
  });

  it('takes attempts that passed off the failures', async () => {
    const email = `passing-${randomBytes(4).toString('hex')}@example.test`;
    for (let i = 0; i < 10; i++) await (await throttle.begin(email, '198.51.100.1')).passed();
    for (let i = 0; i < ACCOUNT_FAILURES; i++) await throttle.begin(email, '198.51.100.1');
    await expect(throttle.begin(email, '198.51.100.1')).rejects.toMatchObject({ code: 'login_throttled' });
  });
});

describe.each([
  ['memory', memory],
  ['Redis', redis],
] as Array<[string, RateLimitStore]>)('LoginThrottle against lockout on the %s store', (_name, store) => {
  const throttle = new LoginThrottle(store);

  it("a stranger's failures do not lock the owner out of the address they signed in from", async () => {
    const email = `owner-${randomBytes(4).toString('hex')}@example.test`;
    const home = '203.0.113.10';
    await (await throttle.begin(email, home)).passed();
    for (let i = 0; i < ACCOUNT_FAILURES; i++) await throttle.begin(email, '192.0.2.66');
    const stranger = throttle.begin(email, '192.0.2.67');
    await expect(stranger).rejects.toMatchObject({ code: 'login_throttled', status: 429 });
    await expect(stranger).rejects.toThrow(/Try again in (1[0-5]|[1-9]) min\./);
    // The owner, from home, is counted apart: their own failures still end in 429.
    await (await throttle.begin(email, home)).passed();
    for (let i = 0; i < KNOWN_ADDRESS_FAILURES; i++) await throttle.begin(email, home);
    await expect(throttle.begin(email, home)).rejects.toMatchObject({ code: 'login_throttled' });
  });

  it('still limits one address across accounts', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const tag = randomBytes(4).toString('hex');
    for (let i = 0; i < ADDRESS_FAILURES; i++) await throttle.begin(`spray-${tag}-${i}@example.test`, ip);
    await expect(throttle.begin(`spray-${tag}-last@example.test`, ip)).rejects.toMatchObject({
      code: 'login_throttled',
    });
  });
});
