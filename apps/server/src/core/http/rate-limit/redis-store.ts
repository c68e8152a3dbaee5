import { createRequire } from 'node:module';
import type { Redis, Result } from 'ioredis';
import { MemoryRateLimitStore } from './memory-store.js';
import type { RateLimitHit, RateLimitStore } from './store.js';

/**
 * Counts and reads a window in one atomic step. The expiry is set when the key has none: on the
 * first hit of a window, and also if a key ever lost its TTL, so no counter can live forever.
 * (PTTL plus a conditional PEXPIRE rather than PEXPIRE NX keeps it working on Redis before 7.)
 */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Reads count and remaining time together, so they describe the same window. */
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rateLimitHit(key: string, windowMs: number, units: number): Result<[number, number], Context>;
    rateLimitPeek(key: string): Result<[number, number] | null, Context>;
  }
}

/** The part of a logger the store needs; pino's satisfies it. */
export interface RateLimitStoreLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface RedisRateLimitStoreOptions {
  url: string;
  /** Prefix of every key; tests give each run its own so parallel runs never share counters. */
  prefix?: string;
  log?: RateLimitStoreLog;
  /** How long one hit may take before the request is let through without counting. Default 500 ms. */
  commandTimeoutMs?: number;
}

export const DEFAULT_REDIS_PREFIX = 'tessera:rl:';

// ioredis is loaded only when REDIS_URL asks for it: a single instance does not pay its memory.
const require = createRequire(import.meta.url);
const loadIoredis = () => require('ioredis') as typeof import('ioredis');

/**
 * Counters in Redis, shared by every instance pointed at it. Built to fail fast rather than queue:
 * while Redis is unreachable, a command fails at once (no offline queue, a command timeout) and the
 * store counts in this process instead, so a Redis outage slows nothing down, takes nothing offline
 * and lifts no limit: each instance holds its own until Redis returns.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly prefix: string;
  private readonly redis: Redis;
  private readonly log: RateLimitStoreLog | undefined;
  private connecting: Promise<void> | null = null;
  private healthy = true;
  /**
   * Where counting goes while Redis is unreachable: sign-in throttling and the API's limits still
   * hold, per instance, instead of failing (a 500 on every sign-in) or passing uncounted.
   */
  private readonly local = new MemoryRateLimitStore();

  constructor(options: RedisRateLimitStoreOptions) {
    this.prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    this.log = options.log;
    const { Redis: RedisClient } = loadIoredis();
    this.redis = new RedisClient(options.url, {
      // CLI commands build a runtime too; they should not open a connection they never use.
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
    // Without a listener ioredis prints every reconnect failure; warn once per outage instead.
    this.redis.on('error', (error: Error) => this.lost(error));
    this.redis.on('ready', () => this.answered());
  }

  async hit(key: string, windowMs: number, units = 1): Promise<RateLimitHit> {
    try {
      await this.connected();
      const [count, ttl] = await this.redis.rateLimitHit(this.prefix + key, windowMs, units);
      this.answered();
      return { count, resetAt: Date.now() + ttl };
    } catch (error) {
      this.lost(error);
      return this.local.hit(key, windowMs, units);
    }
  }

  async peek(key: string): Promise<RateLimitHit | null> {
    try {
      await this.connected();
      const window = await this.redis.rateLimitPeek(this.prefix + key);
      this.answered();
      if (window === null) return null;
      const [count, ttl] = window;
      // A key without expiry (ttl -1) should not exist; read it as ending now, and the next hit repairs it.
      return { count, resetAt: Date.now() + Math.max(0, ttl) };
    } catch (error) {
      this.lost(error);
      return this.local.peek(key);
    }
  }

  /** True while Redis is unreachable: counters are this process's own until it returns. */
  degraded(): boolean {
    return !this.healthy;
  }

  /**
   * Redis answered (a command, or a new connection): shared counting again. A command that only
   * timed out on a connection that stayed up ends its outage here, not at a reconnection.
   */
  private answered(): void {
    if (this.healthy) return;
    this.healthy = true;
    // What was counted meanwhile stays in this process: shared counting starts afresh.
    this.local.clear();
    this.log?.info({}, 'rate-limit store: Redis reachable again, counters shared again');
  }

  /** A command failed: count in this process meanwhile (said once per outage). */
  private lost(error: unknown): void {
    if (!this.healthy) return;
    this.healthy = false;
    this.log?.warn(
      { err: error },
      'rate-limit store: Redis unreachable, counting in this process until it returns',
    );
  }

  /** One PING: fails at once while Redis is unreachable (no offline queue), within the command timeout if slow. */
  async ready(): Promise<void> {
    await this.connected();
    await this.redis.ping();
  }

  /** The first call waits for the connection; after that the settled promise costs nothing. */
  private connected(): Promise<void> {
    this.connecting ??= this.redis.connect().catch(() => undefined);
    return this.connecting;
  }

  /** Deletes every key under this store's prefix: for tests that share a Redis database. */
  async clear(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close(): Promise<void> {
    await this.local.close();
    if (this.redis.status === 'ready') {
      await this.redis.quit();
    } else {
      this.redis.disconnect();
    }
  }
}
