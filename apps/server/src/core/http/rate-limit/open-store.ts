import type { Config } from '../../config.js';
import { MemoryRateLimitStore } from './memory-store.js';
import { type RateLimitStoreLog, RedisRateLimitStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

/** Redis when REDIS_URL is set (instances share counters), else this process's memory. */
export function openRateLimitStore(config: Pick<Config, 'redisUrl'>, log: RateLimitStoreLog): RateLimitStore {
  return config.redisUrl
    ? new RedisRateLimitStore({ url: config.redisUrl, log })
    : new MemoryRateLimitStore();
}
