import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import type { PageCache } from './page-cache.js';
import { type PublicSite, stylesheet } from './service.js';

/**
 * The public site's routes: every GET no API or file route claims, on the site's hosts. The theme's
 * stylesheet is served under a content-hashed name, cached for a year.
 */
export function publicRoutes(app: App, site: PublicSite, cache: PageCache): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: stylesheet.path,
    config: { permission: 'public', rateLimit: 'none' },
    schema: { hide: true },
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stylesheet.css),
  });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = request.site;
    if (!current) return reply.code(404).send();
    const [raw = '/', query = ''] = (request.raw.url ?? '/').split('?', 2);
    if (raw === '/api') return reply.callNotFound();
    let path: string;
    try {
      path = decodeURIComponent(raw);
    } catch {
      path = raw;
    }
    // Pages differ by host only in their absolute links (canonical, Open Graph): keyed by both.
    const origin = `${request.protocol}://${request.host}`;
    const key = `${origin}${path}`;
    // As WordPress page caches do: an address with a query string of its own (not a campaign's
    // tracking tags) may mean something else each time, so it is rendered, not kept.
    const cacheable = onlyTracking(query);
    let page = cacheable ? cache.get(current.id, current.updated_at, key) : null;
    if (!page) {
      const answer = await site.render(current, path, origin);
      if (answer.status === 301) return reply.code(301).header('location', answer.location).send();
      if (cacheable) cache.set(current.id, current.updated_at, key, answer, answer.tags);
      page = answer;
    }
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // Browsers ask again each time (a 304 when unchanged); a CDN in front may keep a page a minute.
      .header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300')
      .header('etag', page.etag);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.send(page.html);
  };
  // Unknown API paths keep the API's JSON 404 (or 405) and count in the general budget, as before
  // the site's catch-all existed: this route is more specific than `/*` and only hands over.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/*',
    config: { permission: 'public', rateLimit: 'general' },
    schema: { hide: true },
    handler: async (_request, reply) => reply.callNotFound(),
  });
  for (const url of ['/', '/*'])
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: { permission: 'public', rateLimit: 'none' },
      schema: { hide: true },
      handler,
    });
}

/** Campaign and click tags that never change a page: utm_*, fbclid, gclid and their kind. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

function onlyTracking(query: string): boolean {
  if (query === '') return true;
  return query.split('&').every((pair) => pair === '' || TRACKING.test(pair.split('=')[0] ?? ''));
}
