import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CacheMessage, CacheRegistry } from './cache-registry.js';

/** The pub/sub channel cache changes travel on between the instances sharing a Redis. */
export const CACHE_CHANNEL = 'tessera:caches';

/** How stale a cache may be while the channel is down: every cache is emptied this often. */
export const OUTAGE_BOUND_MS = 5_000;

export interface RedisPeersLog {
  warn(details: object, message: string): void;
}

// ioredis is loaded only when REDIS_URL asks for it, as the rate-limit store does.
const require = createRequire(import.meta.url);
const loadIoredis = () => require('ioredis') as typeof import('ioredis');

/**
 * Joins the caches of this process to every other instance's through Redis pub/sub: a change made
 * here is published, a change published elsewhere is applied here (never published again, and a
 * process ignores its own). While Redis is unreachable nothing fails and the local caches still
 * forget; messages missed during an outage cannot be known, so when the subscription comes back
 * this process empties its caches rather than keep what may have changed meanwhile.
 */
export function connectRedisPeers(
  caches: CacheRegistry,
  options: { url: string; channel?: string; log: RedisPeersLog; outageBoundMs?: number },
): { close(): Promise<void> } {
  const { Redis } = loadIoredis();
  const channel = options.channel ?? CACHE_CHANNEL;
  const instance = randomUUID();
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 5_000);
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true;
    options.log.warn(
      { err: error },
      'cache changes cannot reach the other instances through Redis; retrying in the background',
    );
  };
  // Commands wait in the offline queue through a short outage, then fail (two tries each).
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 2, connectTimeout: 2_000, retryStrategy });
  // Subscribing is ours to do on every (re)connection: ioredis's own resubscription rejects
  // unhandled when the connection drops again meanwhile.
  const subscriber = new Redis(options.url, {
    maxRetriesPerRequest: null,
    connectTimeout: 2_000,
    retryStrategy,
    autoResubscribe: false,
  });
  publisher.on('error', warn);
  subscriber.on('error', warn);
  let connectedBefore = false;
  // While the subscription is down, changes made on other instances cannot reach this one: every
  // cache here is emptied every `outageBoundMs`, so an outage costs seconds of staleness (a page, a
  // revoked token, a changed role), not hours, at the price of cache misses until Redis returns.
  let outage: NodeJS.Timeout | null = null;
  const outageBoundMs = options.outageBoundMs ?? OUTAGE_BOUND_MS;
  subscriber.on('close', () => {
    if (!connectedBefore || outage) return;
    outage = setInterval(() => void caches.clearAll().catch(warn), outageBoundMs);
    outage.unref();
  });
  subscriber.on('ready', () => {
    if (outage) clearInterval(outage);
    outage = null;
    // Back after an outage: what was published meanwhile is unknown.
    if (connectedBefore) void caches.clearAll().catch(warn);
    connectedBefore = true;
    warned = false;
    subscriber.subscribe(channel).catch(warn);
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parse(text);
    if (message && message.instance !== instance) caches.receive({ name: message.name, key: message.key });
  });
  caches.connectPeers((change: CacheMessage) => {
    publisher.publish(channel, JSON.stringify({ instance, ...change })).catch(warn);
  });
  return {
    async close() {
      if (outage) clearInterval(outage);
      outage = null;
      connectedBefore = false;
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

function parse(text: string): { instance: string; name: string; key: unknown } | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value?.instance !== 'string' || typeof value.name !== 'string' || !('key' in value))
      return null;
    return { instance: value.instance, name: value.name, key: value.key };
  } catch {
    return null;
  }
}
