import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from '../api-scope.js';
import type { RateLimitGroup } from '../route-config.js';
import { PREPAID_HEADER, redeemPrepaidPass } from './prepaid.js';
import { rateLimitBudget } from './rate-limit-key.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Counts every request against its route's group (`config.rateLimit`, default `general`) and
 * answers 429 once the group's limit for the window is spent. All routes of a group share one
 * counter per key, which is why this is not @fastify/rate-limit (it counts per route).
 *
 * The budget is the user's (all their tokens share it), the user's `session` budget for requests
 * made with a session, else the client address's (rate-limit-key.ts).
 *
 * Must be installed after site resolution (a request for an unknown site is refused, and charged to
 * its address, before it costs anything) and after authentication (the key is the token or user
 * when there is one; a failed authentication is charged to the address there).
 *
 * A request carrying a prepaid pass (prepaid.ts) is let through uncounted: the server made it to
 * itself for a caller whose budget it had already charged.
 *
 * Unknown routes under /api (the 404 handler) are counted as `general` by their key: probing random
 * paths spends the same budget as calling real ones. Requests outside /api (the public site) are
 * not counted here.
 */
export function installRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  // Authentication normally declares it; until it is installed every request is anonymous.
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const group = groupOf(request);
    if (group === 'none') return;
    const budget = rateLimitBudget(group, request.principal, request.ip);
    // A request the server makes to itself for a caller it has already charged (prepaid.ts).
    if (redeemPrepaidPass(request.headers[PREPAID_HEADER], budget.key)) return;
    await limiter.charge(budget.group, budget.key, reply, request.log);
  });
}

function groupOf(request: FastifyRequest): RateLimitGroup {
  if (request.routeOptions.url === undefined) return 'general';
  return request.routeOptions.config.rateLimit ?? 'general';
}
