import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { NotFound } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { ErrorBody } from '../../core/http/envelope.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { robotsTxt } from './robots.js';
import type { SitemapRef, SitemapsService } from './sitemaps.js';

const XML = 'application/xml; charset=utf-8';
const Slug = Type.String({ pattern: '^[a-z][a-z0-9_]{1,39}$' });
const Block = Type.Integer({ minimum: 1, maximum: 100_000 });
const TypeParams = Type.Object({ type: Slug, page: Block }, { additionalProperties: false });
const TaxonomyParams = Type.Object({ taxonomy: Slug, page: Block }, { additionalProperties: false });
const XmlBody = (description: string) => ({
  description,
  content: { 'application/xml': { schema: Type.String() } },
});

/** robots.txt and the sitemaps: outside /api, public, like the site's pages and feeds. */
export function sitemapRoutes(app: App, runtime: Runtime, sitemaps: SitemapsService): void {
  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const found = async (body: Promise<string | null>) => {
    const xml = await body;
    if (xml === null) throw new NotFound('Sitemap', 'sitemap_not_found');
    return xml;
  };
  app.get(
    '/robots.txt',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary:
          'Rules for crawlers: the admin, the API and previews left out, and where the sitemap is (a plugin may rewrite them)',
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
        .send(await robotsTxt(runtime, request.site as Site, baseOf(request))),
  );
  app.get(
    '/sitemap.xml',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary:
          'The sitemap index: one sitemap per content type and 2,000 of its published entries, then the term archives',
        produces: ['application/xml'],
        response: { 200: XmlBody('A sitemap index'), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const body = await found(sitemaps.index(request.site as Site, baseOf(request)));
      return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
    },
  );
  // `/sitemap-tax-category-1.xml` is a taxonomy's; a type named `tax` keeps `/sitemap-tax-1.xml`, the
  // router falling back to the types' route when this one does not match.
  app.get(
    '/sitemap-tax-:taxonomy-:page.xml',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary:
          'A sitemap of term archives: up to 2,000 archives of a taxonomy (category, tag) that list a published post, with when the newest went live',
        params: TaxonomyParams,
        produces: ['application/xml'],
        response: { 200: XmlBody('A sitemap'), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const ref: SitemapRef = { kind: 'taxonomy', name: request.params.taxonomy, page: request.params.page };
      const body = await found(sitemaps.sitemap(request.site as Site, baseOf(request), ref));
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
          'A sitemap: up to 2,000 published entries of one type, oldest first, with when each went live, its featured image and its translations',
        params: TypeParams,
        produces: ['application/xml'],
        response: { 200: XmlBody('A sitemap'), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const ref: SitemapRef = { kind: 'type', name: request.params.type, page: request.params.page };
      const body = await found(sitemaps.sitemap(request.site as Site, baseOf(request), ref));
      return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
    },
  );
}
