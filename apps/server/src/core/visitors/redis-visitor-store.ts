import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { VisitorRecord, VisitorStore } from './visitor-store.js';

// ioredis is loaded only when REDIS_URL asks for it, as the rate-limit store does.
const require = createRequire(import.meta.url);
const loadIoredis = () => require('ioredis') as typeof import('ioredis');

/**
 * Visitors' sessions in Redis, shared by every instance pointed at it: one key per session, which
 * Redis expires itself, and per signed-in account a set of its sessions' ids, so "sign out
 * everywhere" finds them. Unlike the rate-limit store, commands wait through a short outage (the
 * offline queue) and then fail: a session that cannot be read must not pass for no session.
 */
export class RedisVisitorStore implements VisitorStore {
  private readonly redis: Redis;
  private keyPrefix: string | null = null;

  constructor(
    url: string,
    /**
     * What every key starts with, asked on first use: one installation's, so two installations
     * sharing a Redis never meet in the sets of an account of the same id.
     */
    private readonly prefix: () => string,
  ) {
    const { Redis: RedisClient } = loadIoredis();
    this.redis = new RedisClient(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectTimeout: 2_000,
      commandTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    // Failures reach the caller of each command; without a listener ioredis would print each retry.
    this.redis.on('error', () => undefined);
  }

  async find(siteId: number, id: string): Promise<VisitorRecord | null> {
    const text = await this.redis.get(this.sessionKey(siteId, id));
    if (text === null) return null;
    const record = JSON.parse(text) as VisitorRecord;
    return record.expiresAt > new Date().toISOString() ? record : null;
  }

  create(record: VisitorRecord): Promise<void> {
    return this.write(record, 'NX');
  }

  /** XX: a session that expired meanwhile is not brought back. */
  update(record: VisitorRecord): Promise<void> {
    return this.write(record, 'XX');
  }

  async touch(siteId: number, id: string, at: string): Promise<void> {
    const record = await this.find(siteId, id);
    if (record) await this.update({ ...record, lastSeenAt: at });
  }

  async remove(siteId: number, id: string): Promise<void> {
    await this.redis.del(this.sessionKey(siteId, id));
  }

  async removeAllOfAccount(siteId: number, accountId: number, keepId: string | null): Promise<number> {
    const index = this.accountKey(siteId, accountId);
    const ids = (await this.redis.smembers(index)).filter((id) => id !== keepId);
    if (ids.length === 0) return 0;
    const [[, removed] = []] =
      (await this.redis
        .multi()
        .del(...ids.map((id) => this.sessionKey(siteId, id)))
        .srem(index, ...ids)
        .exec()) ?? [];
    return Number(removed ?? 0);
  }

  /** Redis expires sessions itself; an account's set of ids expires with its last session. */
  async purgeExpired(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  private async write(record: VisitorRecord, when: 'NX' | 'XX'): Promise<void> {
    const expiresAt = Date.parse(record.expiresAt);
    const key = this.sessionKey(record.siteId, record.id);
    const write =
      when === 'NX'
        ? this.redis.multi().set(key, JSON.stringify(record), 'PXAT', expiresAt, 'NX')
        : this.redis.multi().set(key, JSON.stringify(record), 'PXAT', expiresAt, 'XX');
    if (record.accountId !== null) this.indexUnder(write, record, expiresAt);
    await write.exec();
  }

  private indexUnder(write: ReturnType<Redis['multi']>, record: VisitorRecord, expiresAt: number): void {
    const index = this.accountKey(record.siteId, record.accountId as number);
    // The set lives as long as its longest-lived session (GT: never shortened by a newer, shorter one).
    write.sadd(index, record.id).pexpireat(index, expiresAt, 'GT').pexpireat(index, expiresAt, 'NX');
  }

  private sessionKey(siteId: number, id: string): string {
    this.keyPrefix ??= this.prefix();
    return `${this.keyPrefix}${siteId}:${id}`;
  }

  private accountKey(siteId: number, accountId: number): string {
    this.keyPrefix ??= this.prefix();
    return `${this.keyPrefix}account:${siteId}:${accountId}`;
  }
}
