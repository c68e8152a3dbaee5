import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastResponder } from '../../core/http/fast-lane.js';
import type { Site } from '../../core/sites/site.js';
import type { SiteDirectory } from '../../core/sites/site-directory.js';
import { type PageTarget, pageTarget } from './page-address.js';
import type { PageCache, StoredPage } from './page-cache.js';
import { preferredLocale } from './visitor.js';

/** The home page of a first-time visitor's language, where the site's home page sends them. */
export interface LanguageHome {
  languageHome: string;
}

/** The page cache's key of an address: pages differ by host only in their absolute links, so both count. */
export function pageKey(protocol: string, host: string, target: PageTarget): string {
  return `${protocol}://${host}${target.key}`;
}

/**
 * What the page cache answers for an address, the one lookup both the fast lane and the site's
 * route make, so they cannot disagree: a first-time visitor of a site of several languages is sent
 * from its home page to theirs (for them only, never kept); else the page kept for this origin and
 * address; else null, and the page is rendered.
 */
export function lookUpPage(
  cache: PageCache,
  site: Site,
  protocol: string,
  host: string,
  target: PageTarget,
  headers: IncomingHttpHeaders,
): StoredPage | LanguageHome | null {
  if (target.path === '/' && site.locales.length > 1) {
    const language = preferredLocale(site, headers, host);
    if (language) return { languageHome: language };
  }
  if (!target.cacheable) return null;
  return cache.get(site.id, site.updated_at, pageKey(protocol, host, target));
}

/**
 * Pages from the page cache, answered before routing: the same bytes and headers as the first time
 * (security headers included), 304 for a matching ETag. No request id: the fast lane writes no log
 * line one could look up with it, and every header costs on every answer. The site is taken from
 * the directory's cache only; anything it does not know goes the long way, as does an address the
 * cache does not keep.
 */
export function cachedPages(
  cache: PageCache,
  sites: SiteDirectory,
  viewed: ((site: Site, request: IncomingMessage, host: string) => void) | null,
): FastResponder {
  return (request, response, origin) => {
    const target = pageTarget(request.url ?? '/');
    if (!target.cacheable) return false;
    const site = sites.cached(origin.host);
    if (!site) return false;
    const page = lookUpPage(cache, site, origin.protocol, origin.host, target, request.headers);
    if (!page) return false;
    if ('languageHome' in page) {
      languageRedirect(response, page.languageHome);
      return true;
    }
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
