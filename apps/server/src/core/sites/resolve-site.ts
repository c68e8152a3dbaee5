import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/error-handler.js';
import type { RateLimiter } from '../http/rate-limit/rate-limiter.js';
import type { SiteDirectory } from './site-directory.js';

/**
 * Resolves every request's site from its Host header before anything else looks at it. An unknown
 * host is charged to the client's address, and a host not in the cache is looked up only for an
 * address with budget left, so a flood of made-up hosts costs its sender, not the database.
 */
export function installSiteResolution(
  app: FastifyInstance,
  sites: SiteDirectory,
  limiter: RateLimiter,
): void {
  app.decorateRequest('site', null);
  app.addHook('onRequest', async (request, reply) => {
    // Unknown routes go to the not-found handler; routes like /healthz need no site.
    if (request.routeOptions.url === undefined || request.routeOptions.config.site === 'none') return;
    let site = sites.cached(request.host);
    if (site === undefined) {
      await limiter.refuseIfAddressSpent(request.ip, reply, request.log);
      site = await sites.resolve(request.host);
    }
    if (!site) {
      await limiter.chargeAddress(request.ip, reply, request.log);
      return sendError(reply, 404, {
        message: `No site is configured for the host ${request.hostname}.`,
        code: 'site_not_found',
      });
    }
    request.site = site;
  });
}
