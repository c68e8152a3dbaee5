/** One request counted against a key: how many the current window holds, and when it ends. */
export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends, in epoch milliseconds; the counter starts again from zero then. */
  resetAt: number;
}

/**
 * Where rate-limit counters live: in the process (one instance) or in Redis (several instances
 * sharing the load, so a client cannot multiply its budget by reaching different instances).
 *
 * Windows are fixed, not sliding: a key's window opens with its first request and lasts `windowMs`;
 * every request in it increments one counter. This costs one integer per key and one atomic
 * round trip in Redis, and never opens a window at a clock boundary, so a client gets at most the
 * limit per window. The price is the usual fixed-window burst (up to twice the limit across the end
 * of one window and the start of the next), which spec 8's "per minute" allows.
 *
 * @example
 *   const { count, resetAt } = await store.hit('general:ip:203.0.113.7', 60_000);
 *   if (count > 60) throw new TooManyRequests((resetAt - Date.now()) / 1000);
 *
 * Pitfall for implementers: `hit` must count and read in one atomic step. A separate read then
 * write lets concurrent requests (or instances) all see the same count and all pass.
 */
export interface RateLimitStore {
  /**
   * Counts `units` requests (default one) against `key` and reads the window, in one step. More
   * than one is for a request that costs as much as several (a canvas that resolves many lists).
   */
  hit(key: string, windowMs: number, units?: number): Promise<RateLimitHit>;
  /**
   * Reads a key's current window without counting a request: null when it has none (never hit, or
   * its window has ended). For checks that count only some outcomes, such as failed sign-ins.
   */
  peek(key: string): Promise<RateLimitHit | null>;
  /** Resolves when the store can count, throws why not (Redis unreachable); the readiness probe asks. */
  ready(): Promise<void>;
  /**
   * True while a shared store cannot be reached and counts in this process instead (Redis down):
   * limits hold per instance, not across them. The readiness probe reports it.
   */
  degraded(): boolean;
  /** Releases timers and connections; the store is not used afterwards. */
  close(): Promise<void>;
}
