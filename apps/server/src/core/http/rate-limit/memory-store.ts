import type { RateLimitHit, RateLimitStore } from './store.js';

export interface MemoryRateLimitStoreOptions {
  /**
   * Most keys held at once. A flood of distinct keys (many addresses, many tokens) must not grow
   * the process without bound: when full, the oldest window is dropped, which at worst forgives
   * that client's count early. Default 100,000 (a few MiB).
   */
  maxKeys?: number;
  /** How often expired windows are swept out. Default one minute. */
  sweepIntervalMs?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Counters in this process's memory: the default, right for a single instance. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // The sweep is housekeeping: it must never keep a finished process (or test worker) alive.
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number, units = 1): Promise<RateLimitHit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      // Delete before setting so the Map's insertion order stays the order windows opened in,
      // which makes the first entry the one to evict when full.
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evictOldest();
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += units;
    return { count: window.count, resetAt: window.resetAt };
  }

  async peek(key: string): Promise<RateLimitHit | null> {
    const window = this.windows.get(key);
    if (window === undefined || window.resetAt <= this.now()) return null;
    return { count: window.count, resetAt: window.resetAt };
  }

  async ready(): Promise<void> {}

  /** Keys currently held; for tests and diagnostics. */
  get size(): number {
    return this.windows.size;
  }

  /** Drops every window that has ended. */
  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }

  /** Forgets every window (a store standing in for Redis, once Redis is back). */
  clear(): void {
    this.windows.clear();
  }

  /** Never degraded: this process's memory is the whole store. */
  degraded(): boolean {
    return false;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private evictOldest(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}
