import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../../core/http/rate-limit/memory-store.js';
import { RedisRateLimitStore } from '../../../core/http/rate-limit/redis-store.js';
import type { RateLimitStore } from '../../../core/http/rate-limit/store.js';
import { ACCOUNT_FAILURES, LoginThrottle } from './login-throttle.js';

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
