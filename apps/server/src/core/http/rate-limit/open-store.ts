import { IpcRateLimitStore } from '../../cluster/ipc-rate-limit-store.js';
import type { ClusterMessage } from '../../cluster/messages.js';
import type { Config } from '../../config.js';
import { MemoryRateLimitStore } from './memory-store.js';
import { type RateLimitStoreLog, RedisRateLimitStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

/**
 * Redis when REDIS_URL is set (instances share counters); in a worker of a clustered server, the
 * primary's memory over IPC (the workers share counters); else this process's memory.
 */
export function openRateLimitStore(
  config: Pick<Config, 'redisUrl' | 'clusterWorker'>,
  log: RateLimitStoreLog,
): RateLimitStore {
  if (config.redisUrl) return new RedisRateLimitStore({ url: config.redisUrl, log });
  if (config.clusterWorker && process.send) return new IpcRateLimitStore(processChannel());
  return new MemoryRateLimitStore();
}

/** This process's IPC channel to the primary that forked it. */
function processChannel() {
  return {
    send: (message: ClusterMessage) => process.send?.(message) ?? false,
    on: (event: 'message', listener: (message: unknown) => void) => void process.on(event, listener),
    off: (event: 'message', listener: (message: unknown) => void) => void process.off(event, listener),
  };
}
