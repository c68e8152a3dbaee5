import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import { ErrorBody } from '../../core/http/envelope.js';
import type { Site } from '../../core/sites/site.js';
import type { FeedKey, FeedsService } from './service.js';

const TermParams = Type.Object(
  { slug: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 200 }) },
  { additionalProperties: false },
);

const description =
  'RSS 2.0, `application/rss+xml`: the newest published posts in the site default locale (how many: the reading setting `feed_items`), ' +
  'with absolute links, GUIDs, RFC 822 dates, author names and categories. Served with an ETag and Last-Modified: ' +
  'a request with a matching If-None-Match (or an If-Modified-Since not older than the newest post) gets 304 without a body. ' +
  'Cached until a post of the site changes.';

/** The site's RSS feeds: outside /api, public, like the pages of the site itself. */
export function feedRoutes(app: App, feeds: FeedsService): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply, key: FeedKey) => {
    const site = request.site as Site;
    const base = `${request.protocol}://${request.host}`;
    const feed = await feeds.feed(site, base, request.url.split('?')[0] ?? request.url, key);
    reply
      .header('etag', feed.etag)
      .header('last-modified', new Date(feed.lastModified).toUTCString())
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Host');
    if (notModified(request, feed)) return reply.code(304).send();
    return reply.type('application/rss+xml; charset=utf-8').send(feed.body);
  };
  const answers = {
    200: { description: 'The feed', content: { 'application/rss+xml': { schema: Type.String() } } },
    304: { description: 'Not modified: the copy the client holds is current', type: 'null' },
    404: ErrorBody,
    422: ErrorBody,
  };

  app.get(
    '/feed.xml',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['feeds'],
        summary: "RSS feed of the site's latest posts",
        description,
        produces: ['application/rss+xml'],
        response: answers,
      },
    },
    (request, reply) => serve(request, reply, {}),
  );
  for (const taxonomy of ['category', 'tag'] as const) {
    app.get(
      `/${taxonomy}/:slug/feed.xml`,
      {
        config: { permission: 'public' },
        schema: {
          tags: ['feeds'],
          summary: `RSS feed of the latest posts filed under one ${taxonomy} (404 for an unknown ${taxonomy})`,
          description,
          params: TermParams,
          produces: ['application/rss+xml'],
          response: answers,
        },
      },
      (request, reply) => serve(request, reply, { term: { taxonomy, slug: request.params.slug } }),
    );
  }
}

function notModified(request: FastifyRequest, feed: { etag: string; lastModified: string }): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined)
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === feed.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(Date.parse(feed.lastModified) / 1000) * 1000 <= since;
}
