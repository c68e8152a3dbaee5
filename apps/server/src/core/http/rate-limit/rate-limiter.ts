import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { TooManyRequests } from '../../errors.js';
import type { Runtime } from '../../runtime.js';
import { addressKey, type CountedGroup } from './rate-limit-key.js';
import type { RateLimitHit, RateLimitStore } from './store.js';

export interface RateLimiterOptions {
  store: RateLimitStore;
  /** Requests per window per key, for each budget. */
  limits: Config['rateLimits'];
  /** Spec 8 says per minute; tests never change it. */
  windowMs?: number;
}

/** At most one fail-open warning per this many milliseconds, so an outage does not flood the log. */
const FAIL_OPEN_WARNING_INTERVAL_MS = 10_000;

/**
 * Spends and checks budgets in the rate-limit store. The limiter hook counts each request against
 * its client; site resolution and authentication also charge the client's address for what they
 * refuse (an unknown host, a bad credential), so guessing costs the guesser's budget, and they ask
 * `refuseIfAddressSpent` before a lookup that costs a query, so a spent address costs nothing more.
 *
 * Fails open: a broken counter store (Redis down) must not take the API down with it. The limits are
 * abuse protection, not access control, so passing uncounted is the lesser harm.
 */
export class RateLimiter {
  private readonly store: RateLimitStore;
  private readonly limits: Config['rateLimits'];
  private readonly windowMs: number;
  private lastWarningAt = 0;
  private passedSinceWarning = 0;

  constructor(options: RateLimiterOptions) {
    this.store = options.store;
    this.limits = options.limits;
    this.windowMs = options.windowMs ?? 60_000;
  }

  /** Counts one request against `key` in `group`: sets the three headers, throws 429 once spent. */
  charge(group: CountedGroup, key: string, reply: FastifyReply, log: FastifyBaseLogger): Promise<void> {
    return this.chargeUnits(group, key, 1, reply, log);
  }

  /**
   * Counts `units` requests at once, for one request that costs as much as several (the builder's
   * canvas spends one more for each list it resolves); as `charge` otherwise.
   */
  chargeUnits(
    group: CountedGroup,
    key: string,
    units: number,
    reply: FastifyReply,
    log: FastifyBaseLogger,
  ): Promise<void> {
    return this.chargeWithin(this.limits[group], key, units, reply, log);
  }

  /**
   * Counts `units` requests against `key` within a limit the caller holds (a public form's budget,
   * set in its settings rather than in the installation's configuration); as `charge` otherwise.
   */
  async chargeWithin(
    limit: number,
    key: string,
    units: number,
    reply: FastifyReply,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const hit = await this.failOpen(() => this.store.hit(key, this.windowMs, units), log);
    if (hit === null) return;
    reply.header('x-ratelimit-limit', limit);
    if (hit.count > limit) {
      reply.header('x-ratelimit-remaining', 0);
      throw new TooManyRequests((hit.resetAt - Date.now()) / 1000);
    }
    reply.header('x-ratelimit-remaining', limit - hit.count);
  }

  /**
   * Throws 429 without counting when `key` has already spent `limit` (a form whose body is costly
   * to read is refused before it is read); nothing when the store cannot say.
   */
  async refuseIfSpent(
    limit: number,
    key: string,
    reply: FastifyReply,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const window = await this.failOpen(() => this.store.peek(key), log);
    if (window === null || window.count < limit) return;
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', 0);
    throw new TooManyRequests((window.resetAt - Date.now()) / 1000);
  }

  /** A refused request (unknown host, failed authentication) spends its address's general budget. */
  chargeAddress(ip: string, reply: FastifyReply, log: FastifyBaseLogger): Promise<void> {
    return this.charge('general', addressKey('general', ip), reply, log);
  }

  /** Throws 429 without counting when the address has already spent its general budget. */
  refuseIfAddressSpent(ip: string, reply: FastifyReply, log: FastifyBaseLogger): Promise<void> {
    return this.refuseIfSpent(this.limits.general, addressKey('general', ip), reply, log);
  }

  private async failOpen(
    read: () => Promise<RateLimitHit | null>,
    log: FastifyBaseLogger,
  ): Promise<RateLimitHit | null> {
    try {
      return await read();
    } catch (error) {
      this.passedSinceWarning += 1;
      const now = Date.now();
      if (now - this.lastWarningAt >= FAIL_OPEN_WARNING_INTERVAL_MS) {
        log.warn(
          { err: error, passedUncounted: this.passedSinceWarning },
          'rate-limit store failed; request let through',
        );
        this.lastWarningAt = now;
        this.passedSinceWarning = 0;
      }
      return null;
    }
  }
}

/**
 * A limiter over the installation's counters and limits. Every one built from the same runtime
 * spends the same budgets: what the API's hooks count and what a route charges itself (the public
 * forms, which the hooks do not see; the canvas's extra cost) add up.
 */
export function installationLimiter(runtime: Pick<Runtime, 'rateLimits' | 'config'>): RateLimiter {
  return new RateLimiter({ store: runtime.rateLimits, limits: runtime.config.rateLimits });
}
