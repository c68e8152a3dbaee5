import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { NotFound } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { ErrorBody } from '../../core/http/envelope.js';
import type { Site } from '../../core/sites/site.js';
import type { SitemapsService } from './sitemaps.js';

const XML = 'application/xml; charset=utf-8';
const SitemapParams = Type.Object(
  {
    type: Type.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' }),
    page: Type.Integer({ minimum: 1, maximum: 100_000 }),
  },
  { additionalProperties: false },
);

/** robots.txt and the sitemaps: outside /api, public, like the site's pages and feeds. */
export function sitemapRoutes(app: App, sitemaps: SitemapsService): void {
  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  app.get(
    '/robots.txt',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary: 'Rules for crawlers: the admin, the API and previews left out, and where the sitemap is',
        produces: ['text/plain'],
        response: {
          200: { description: 'robots.txt', content: { 'text/plain': { schema: Type.String() } } },
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          'User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /_preview/\n\n' +
            `Sitemap: ${baseOf(request)}/sitemap.xml\n`,
        ),
  );
  app.get(
    '/sitemap.xml',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary: 'The sitemap index: one sitemap per content type and 2,000 of its published entries',
        produces: ['application/xml'],
        response: {
          200: { description: 'A sitemap index', content: { 'application/xml': { schema: Type.String() } } },
        },
      },
    },
    async (request, reply) => {
      const body = await sitemaps.index(request.site as Site, baseOf(request));
      return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
    },
  );
  app.get(
    '/sitemap-:type-:page.xml',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary:
          'A sitemap: up to 2,000 published entries of one type, oldest first, with when each last changed',
        params: SitemapParams,
        produces: ['application/xml'],
        response: {
          200: { description: 'A sitemap', content: { 'application/xml': { schema: Type.String() } } },
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { type, page } = request.params;
      const body = await sitemaps.urls(request.site as Site, baseOf(request), type, page);
      if (body === null) throw new NotFound('Sitemap', 'sitemap_not_found');
      return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
    },
  );
}
