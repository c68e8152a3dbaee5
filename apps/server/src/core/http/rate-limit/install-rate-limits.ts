import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { TooManyRequests } from '../../errors.js';
import type { RateLimitGroup } from '../route-config.js';
import { rateLimitKey } from './rate-limit-key.js';
import type { RateLimitHit, RateLimitStore } from './store.js';

export interface RateLimitOptions {
  store: RateLimitStore;
  /** Requests per window per key, for each group of spec 8. */
  limits: Config['rateLimits'];
  /** Spec 8 says per minute; tests never change it. */
  windowMs?: number;
}

/** At most one fail-open warning per this many milliseconds, so an outage does not flood the log. */
const FAIL_OPEN_WARNING_INTERVAL_MS = 10_000;

/**
 * Counts every request against its route's group (`config.rateLimit`, default `general`) and
 * answers 429 once the group's limit for the window is spent. All routes of a group share one
 * counter per key, which is why this is not @fastify/rate-limit (it counts per route).
 *
 * Must be installed after site resolution (a request for an unknown site is refused before it
 * costs anything) and after authentication (the key is the token or user when there is one).
 *
 * Unknown routes (the 404 handler) are counted as `general` by their key: probing random paths
 * spends the same budget as calling real ones.
 */
export function installRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const { store, limits } = options;
  const windowMs = options.windowMs ?? 60_000;
  // Authentication normally declares it; until it is installed every request is anonymous.
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);

  let lastWarningAt = 0;
  let passedSinceWarning = 0;

  app.addHook('onRequest', async (request, reply) => {
    const group = groupOf(request);
    if (group === 'none') return;
    const limit = limits[group];
    let hit: RateLimitHit;
    try {
      hit = await store.hit(rateLimitKey(group, request.principal, request.ip), windowMs);
    } catch (error) {
      // Fail open: a broken counter store (Redis down) must not take the API down with it. The
      // limits are abuse protection, not access control, so passing uncounted is the lesser harm.
      passedSinceWarning += 1;
      const now = Date.now();
      if (now - lastWarningAt >= FAIL_OPEN_WARNING_INTERVAL_MS) {
        request.log.warn(
          { err: error, passedUncounted: passedSinceWarning },
          'rate-limit store failed; request let through',
        );
        lastWarningAt = now;
        passedSinceWarning = 0;
      }
      return;
    }
    reply.header('x-ratelimit-limit', limit);
    if (hit.count > limit) {
      reply.header('x-ratelimit-remaining', 0);
      throw new TooManyRequests((hit.resetAt - Date.now()) / 1000);
    }
    reply.header('x-ratelimit-remaining', limit - hit.count);
  });
}

function groupOf(request: FastifyRequest): RateLimitGroup {
  if (request.routeOptions.url === undefined) return 'general';
  return request.routeOptions.config.rateLimit ?? 'general';
}
