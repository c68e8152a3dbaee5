import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/error-handler.js';
import type { SiteDirectory } from './site-directory.js';

/** Resolves every request's site from its Host header before anything else looks at it. */
export function installSiteResolution(app: FastifyInstance, sites: SiteDirectory): void {
  app.decorateRequest('site', null);
  app.addHook('onRequest', async (request, reply) => {
    // Unknown routes go to the not-found handler; routes like /healthz need no site.
    if (request.routeOptions.url === undefined || request.routeOptions.config.site === 'none') return;
    const site = await sites.resolve(request.host);
    if (!site) {
      return sendError(reply, 404, {
        message: `No site is configured for the host ${request.hostname}.`,
        code: 'site_not_found',
      });
    }
    request.site = site;
  });
}
