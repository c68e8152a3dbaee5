import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import type { FastResponder } from '../../core/http/fast-lane.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { SiteDirectory } from '../../core/sites/site-directory.js';
import { analyticsRecorderOf } from '../analytics/module.js';
import { hasSession } from '../identity/identity.js';
import { documentHeaders, PageAnswers } from './answer.js';
import { blockScripts } from './block-scripts.js';
import type { PageCache } from './page-cache.js';
import type { PreviewLinks } from './preview-links.js';
import type { PublicSite } from './service.js';
import type { ThemeRegistry } from './themes/registry.js';
import { type CommentsRequest, preferredLocale } from './visitor.js';

/**
 * The public site's routes: every GET no API or file route claims, on the site's hosts. The theme's
 * stylesheet is served under a content-hashed name, cached for a year. A page already in the page
 * cache is answered by the fast lane (cachedPages below) before it reaches these routes.
 */
export function publicRoutes(
  app: App,
  runtime: Runtime,
  site: PublicSite,
  cache: PageCache,
  themes: ThemeRegistry,
  previews: PreviewLinks,
): void {
  const mediaOrigin = runtime.config.storage.publicUrl
    ? new URL(runtime.config.storage.publicUrl).origin
    : null;
  const recorder = analyticsRecorderOf(runtime);
  app.fastLane.add(
    cachedPages(
      cache,
      runtime.sites,
      recorder
        ? (current, request, host) =>
            recorder.record(
              current,
              request.url ?? '/',
              host,
              app.fastLane.addressOf(request),
              request.headers,
            )
        : null,
    ),
  );
  // A page served to a GET, from the cache or rendered, counts as a view (analytics, spec 1).
  const viewed = (request: FastifyRequest, status: number) => {
    if (recorder && request.site && request.method === 'GET' && (status === 200 || status === 304))
      recorder.record(request.site, request.raw.url ?? '/', request.host, request.ip, request.headers);
  };
  const answers = new PageAnswers(cache, mediaOrigin, viewed);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/_preview/:token',
    config: { permission: 'public', rateLimit: 'none' },
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const current = request.site;
      if (!current) return reply.code(404).send();
      const token = (request.params as { token: string }).token;
      const entryId = await previews.open(current, token);
      const origin = `${request.protocol}://${request.host}`;
      const answer =
        entryId === null
          ? await site.render(current, '/_preview/expired', origin)
          : await site.preview(current, entryId, origin);
      if ('location' in answer) return reply.code(answer.status).header('location', answer.location).send();
      return reply
        .code(answer.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(answer.html);
    },
  });
  // Theme files under names that change with their content: cached for a year.
  for (const script of blockScripts.values()) themeFile(app, script.path, 'text/javascript', script.source);
  // Each theme's stylesheet, once a page of a site using the theme has loaded it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/theme/:file',
    config: { permission: 'public', rateLimit: 'none' },
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const css = themes.stylesheetAt(request.url.split('?')[0] ?? '');
      if (css === null) return reply.code(404).send();
      return reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(css);
    },
  });
  // Pages are outside /api, where nothing authenticates: a conditional block asks whether a session
  // of this site came with the request, which costs a query only when a session cookie did.
  const signedIn = async (request: FastifyRequest) =>
    request.site ? hasSession(runtime, request.cookies, request.site.id) : false;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = request.site;
    if (!current) return reply.code(404).send();
    const target = pageTarget(request.raw.url ?? '/');
    if (target.path === '/api') return reply.callNotFound();
    // Pages differ by host only in their absolute links (canonical, Open Graph): keyed by both.
    const origin = `${request.protocol}://${request.host}`;
    // Usually the fast lane has answered a cached page already; not when the site was not yet in
    // the directory's cache, nor for app.inject.
    const language = target.path === '/' ? preferredLocale(current, request.headers, request.host) : null;
    if (language)
      return reply
        .code(302)
        .header('location', `/${language}/`)
        .header('vary', 'accept-language, referer')
        .header('cache-control', 'private, no-cache')
        .send();
    const key = `${origin}${target.key}`;
    const kept = target.cacheable ? cache.get(current.id, current.updated_at, key) : null;
    if (kept) return answers.sendKept(request, reply, kept);
    const answer = await site.render(current, target.path, origin, {
      page: target.page,
      signedIn: await signedIn(request),
      userAgent: request.headers['user-agent'] ?? '',
      // Back from a contact form (contact-form.ts): the page says it was sent.
      ...(target.sent ? { form: { blockId: target.sent, state: { status: 'sent' as const } } } : {}),
      comments: target.comments,
    });
    return answers.send(request, reply, answer, {
      site: current,
      cacheKey: target.cacheable ? key : null,
      choosesLanguage: target.path === '/' && current.locales.length > 1,
    });
  };
  // Search results: the search group's budget (spec 8), never kept in the page cache.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/search',
    config: { permission: 'public', rateLimit: 'search' },
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const current = request.site;
      if (!current) return reply.code(404).send();
      const params = new URLSearchParams((request.raw.url ?? '').split('?')[1] ?? '');
      const page = Math.min(1000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
      const answer = await site.search(current, params.get('q') ?? '', page);
      if ('location' in answer) return reply.code(answer.status).header('location', answer.location).send();
      viewed(request, answer.status);
      documentHeaders(reply, request.protocol);
      return reply
        .code(answer.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(answer.html);
    },
  });
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

/**
 * To a first-time visitor's language's home, from the fast lane: for them only, never kept by a
 * cache in front (the route answers the same way when the home page is not cached).
 */
function languageRedirect(response: ServerResponse, locale: string): void {
  response.writeHead(302, {
    location: `/${locale}/`,
    vary: 'accept-language, referer',
    'cache-control': 'private, no-cache',
    'content-length': '0',
  });
  response.end();
}

function themeFile(app: App, url: string, type: string, body: string): void {
  app.route({
    method: ['GET', 'HEAD'],
    url,
    config: { permission: 'public', rateLimit: 'none' },
    schema: { hide: true },
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body),
  });
}

/**
 * Pages from the page cache, answered before routing: the same bytes and headers as the first time
 * (security headers included), 304 for a matching ETag. No request id: the fast lane writes no log
 * line one could look up with it, and every header costs on every answer. The site is taken from
 * the directory's cache only; anything it does not know goes the long way.
 */
function cachedPages(
  cache: PageCache,
  sites: SiteDirectory,
  viewed: ((site: Site, request: IncomingMessage, host: string) => void) | null,
): FastResponder {
  return (request, response, origin) => {
    const target = pageTarget(request.url ?? '/');
    if (!target.cacheable) return false;
    const site = sites.cached(origin.host);
    if (!site) return false;
    if (target.path === '/' && site.locales.length > 1) {
      const language = preferredLocale(site, request.headers, origin.host);
      if (language) {
        languageRedirect(response, language);
        return true;
      }
    }
    const page = cache.get(site.id, site.updated_at, `${origin.protocol}://${origin.host}${target.key}`);
    if (!page) return false;
    if (viewed && page.status === 200 && request.method === 'GET') viewed(site, request, origin.host);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) {
      for (const [name, value] of Object.entries(page.headers)) response.setHeader(name, value);
      response.statusCode = 304;
      response.end();
      return true;
    }
    // One writeHead with a flat list: the cheapest way Node has to send a set of headers.
    response.writeHead(page.status, page.rawHeaders);
    response.end(request.method === 'HEAD' ? undefined : page.body);
    return true;
  };
}

/**
 * The path a page is rendered for, and whether the page cache may keep it: as WordPress's page
 * caches do, an address with a query string of its own (not a campaign's tags) may mean something
 * else each time, so it is rendered and not kept; `page=N` (a paged content list) is part of the
 * page's address and kept under it.
 */
function pageTarget(url: string): {
  path: string;
  page: number;
  key: string;
  cacheable: boolean;
  sent: string | null;
  comments: CommentsRequest;
} {
  const mark = url.indexOf('?');
  const raw = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? '' : url.slice(mark + 1);
  let path = raw;
  if (raw.includes('%'))
    try {
      path = decodeURIComponent(raw);
    } catch {
      // Left as sent: the page will be a 404.
    }
  const pageParam = /(?:^|&)page=([1-9][0-9]{0,5})(?:&|$)/.exec(query);
  const page = pageParam ? Number(pageParam[1]) : 1;
  // The page of an entry's comment thread is part of its address too, the same for everyone.
  const commentsParam = /(?:^|&)comments_page=([1-9][0-9]{0,5})(?:&|$)/.exec(query);
  const commentsPage = commentsParam ? Number(commentsParam[1]) : 1;
  const rest = query.replace(/(^|&)(comments_)?page=[0-9]+/g, '');
  const cacheable = !raw.startsWith('/api/') && onlyTracking(rest);
  const sent = /(?:^|&)sent=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(query)?.[1] ?? null;
  const replyTo = /(?:^|&)replytocom=([1-9][0-9]{0,15})(?:&|$)/.exec(query)?.[1];
  const receipt = /(?:^|&)comment=([A-Za-z0-9_:%-]{1,1000})(?:&|$)/.exec(query)?.[1];
  const kept = [page > 1 ? `page=${page}` : '', commentsPage > 1 ? `comments_page=${commentsPage}` : '']
    .filter(Boolean)
    .join('&');
  return {
    path,
    page,
    key: kept ? `${path}?${kept}` : path,
    cacheable,
    sent,
    comments: {
      page: commentsPage,
      replyTo: replyTo === undefined ? null : Number(replyTo),
      receipt: receipt === undefined ? null : safeDecode(receipt),
    },
  };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Campaign and click tags that never change a page: utm_*, fbclid, gclid and their kind. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

function onlyTracking(query: string): boolean {
  if (query === '') return true;
  return query.split('&').every((pair) => pair === '' || TRACKING.test(pair.split('=')[0] ?? ''));
}
