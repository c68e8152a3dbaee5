import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { analyticsRecorderOf } from '../analytics/module.js';
import { hasSession } from '../identity/identity.js';
import { documentHeaders, PageAnswers } from './answer.js';
import { blockScripts } from './block-scripts.js';
import { cachedPages, lookUpPage, pageKey } from './cached-pages.js';
import { pageTarget } from './page-address.js';
import type { PageCache } from './page-cache.js';
import type { PreviewLinks } from './preview-links.js';
import type { PublicSite } from './service.js';
import type { ThemeRegistry } from './themes/registry.js';

/**
 * The public site's routes: every GET no API or file route claims, on the site's hosts. The theme's
 * stylesheet is served under a content-hashed name, cached for a year. A page already in the page
 * cache is answered by the fast lane (cached-pages.ts) before it reaches these routes; both look it
 * up the same way (lookUpPage).
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
  const visitors = visitorSessionsOf(runtime);
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
    // What pages write their absolute links with (canonical, Open Graph).
    const origin = `${request.protocol}://${request.host}`;
    // Usually the fast lane has answered a cached page already; not when the site was not yet in
    // the directory's cache, nor for app.inject, nor for an address the cache does not keep.
    const kept = lookUpPage(cache, current, request.protocol, request.host, target, request.headers);
    if (kept && 'languageHome' in kept)
      return reply
        .code(302)
        .header('location', `/${kept.languageHome}/`)
        .header('vary', 'accept-language, referer')
        .header('cache-control', 'private, no-cache')
        .send();
    if (kept) return answers.sendKept(request, reply, kept);
    const answer = await site.render(current, target.path, origin, {
      page: target.page,
      signedIn: await signedIn(request),
      userAgent: request.headers['user-agent'] ?? '',
      // Back from a contact form (contact-form.ts): the page says it was sent.
      ...(target.sent ? { form: { blockId: target.sent, state: { status: 'sent' as const } } } : {}),
      comments: target.comments,
      query: new URLSearchParams((request.raw.url ?? '').split('?')[1] ?? ''),
      visitor: () => visitors.read(request),
    });
    return answers.send(request, reply, answer, {
      site: current,
      cacheKey: target.cacheable ? pageKey(request.protocol, request.host, target) : null,
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
      const answer = await site.search(
        current,
        `${request.protocol}://${request.host}`,
        params.get('q') ?? '',
        page,
      );
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
