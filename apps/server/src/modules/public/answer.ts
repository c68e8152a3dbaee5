import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowOrigins } from '../../core/http/content-policy.js';
import type { Site } from '../../core/sites/site.js';
import { visitorWasRead } from '../../core/visitors/visitor-sessions.js';
import type { PageCache, StoredPage } from './page-cache.js';

/** A rendered answer of the public site. */
export type PublicAnswer = PageAnswer | { status: 301 | 302 | 307 | 308; location: string };

/** A rendered page, with what it shows and how long it stays right, for caches. */
export interface PageAnswer {
  status: 200 | 403 | 404 | 410 | 422 | 429;
  html: string;
  etag: string;
  /** What the page shows (`entry:12`, `list:post`, `media:7`): a change to one drops it from the page cache. */
  tags: string[];
  /** Shows something particular to this visitor (a conditional block): never shared. */
  personal?: boolean;
  /** Right until then only (a conditional block's date), ms since the epoch. */
  expiresAt?: number;
  /** For this visitor's eyes only (their own pending comment): no cache may keep it at all. */
  noStore?: boolean;
}

/** A page's HTML as an answer: its ETag is the digest of the bytes, so any change shows in it. */
export function pageAnswer(status: 200 | 403 | 404 | 410, html: string, tags: string[]): PageAnswer {
  return { status, html, etag: `"${createHash('sha1').update(html).digest('base64url')}"`, tags };
}

// Browsers ask again each time (a 304 when unchanged); a CDN in front may keep a page a minute.
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Headers of a first answer that are not the page's own and must not be sent again as they were. */
const PER_RESPONSE = new Set([
  'x-request-id',
  'content-length',
  'date',
  'connection',
  'set-cookie',
  'keep-alive',
]);

/** Where a page is answered: its site, and its key in the page cache when its address may be kept there. */
export interface AnsweredAt {
  site: Site;
  /** Origin and address (`https://example.com/blog?page=2`); null for an address the cache does not keep. */
  cacheKey: string | null;
  /** The home page of a site of several languages, which sends first-time visitors to theirs. */
  choosesLanguage: boolean;
}

/**
 * Sends the public site's rendered answers, with the cache headers their answer asks for (shared,
 * private, no-store, or shared until a moment), and keeps the shared ones in the page cache under
 * the same bytes and headers, for the fast lane to send again. Every page routed through the site's
 * router is answered here, so what may be shared is decided in one place.
 */
export class PageAnswers {
  constructor(
    private readonly cache: PageCache,
    /** MEDIA_URL's origin when media files are served from elsewhere (a CDN, a bucket). */
    private readonly mediaOrigin: string | null,
    /** Counts a page served to a GET as a view (analytics). */
    private readonly viewed: (request: FastifyRequest, status: number) => void,
  ) {}

  /** Sends a page kept by the page cache (`lookUpPage`), 304 for a matching ETag. */
  sendKept(request: FastifyRequest, reply: FastifyReply, kept: StoredPage): FastifyReply {
    reply.code(kept.status).headers(kept.headers);
    this.viewed(request, kept.status);
    if (kept.status === 200 && request.headers['if-none-match'] === kept.etag) return reply.code(304).send();
    return reply.send(kept.body);
  }

  send(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer, at: AnsweredAt): FastifyReply {
    // A page that read the visitor's session says what it holds: for their eyes only, whatever it found.
    const ownToVisitor = visitorWasRead(request);
    if ('location' in answer) {
      if (ownToVisitor) reply.header('cache-control', 'private, no-store');
      return reply.code(answer.status).header('location', answer.location).send();
    }
    const noStore = answer.noStore === true || ownToVisitor;
    reply
      .code(answer.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'cache-control',
        noStore
          ? 'private, no-store'
          : answer.personal
            ? 'private, no-cache'
            : cacheControl(answer.expiresAt),
      )
      .header('etag', answer.etag);
    // A page that differs by device names what it read, for caches in front.
    if (answer.personal) reply.header('vary', 'cookie, authorization, user-agent');
    else if (at.choosesLanguage) reply.header('vary', 'accept-language, referer');
    if (this.mediaOrigin)
      allowOrigins(reply, { 'img-src': [this.mediaOrigin], 'media-src': [this.mediaOrigin] });
    documentHeaders(reply, request.protocol);
    const status = answer.status;
    // A refused form's page, a member-only notice and a page of the visitor's own are theirs alone.
    if (
      at.cacheKey !== null &&
      !answer.personal &&
      !noStore &&
      status !== 422 &&
      status !== 403 &&
      status !== 429
    )
      this.keep(reply, at.site, at.cacheKey, answer, status);
    this.viewed(request, answer.status);
    if (answer.status === 200 && request.headers['if-none-match'] === answer.etag)
      return reply.code(304).send();
    return reply.send(answer.html);
  }

  /** Keeps the page with the headers set so far, as the fast lane will send it again. */
  private keep(
    reply: FastifyReply,
    site: Site,
    key: string,
    answer: PageAnswer,
    status: StoredPage['status'],
  ): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...reply.raw.getHeaders(), ...reply.getHeaders() }))
      if (!PER_RESPONSE.has(name) && value !== undefined) headers[name] = String(value);
    const body = Buffer.from(answer.html);
    const rawHeaders = [...Object.entries(headers).flat(), 'content-length', String(body.length)];
    const page: StoredPage = {
      status,
      body,
      etag: answer.etag,
      headers,
      rawHeaders,
      ...(answer.expiresAt !== undefined ? { expiresAt: answer.expiresAt } : {}),
    };
    this.cache.set(site.id, site.updated_at, key, page, answer.tags);
  }
}

/** Cache-Control for a shared page; one right only until a moment is kept by a CDN no longer. */
function cacheControl(expiresAt: number | undefined): string {
  if (expiresAt === undefined) return PAGE_CACHE_CONTROL;
  const seconds = Math.max(0, Math.min(60, Math.floor((expiresAt - Date.now()) / 1000)));
  return `public, max-age=0, s-maxage=${seconds}`;
}

/** What helmet sends every answer that a page of the site does without (documentHeaders). */
const NOT_FOR_DOCUMENTS = [
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
];

/**
 * The security headers of a page of the public site: its Content-Security-Policy (frame-ancestors
 * 'self' keeps it out of other sites' frames), nosniff and the referrer policy, and HSTS over
 * HTTPS only (browsers ignore it over HTTP, RFC 6797 8.1). Not the rest of helmet's set: X-Frame-
 * Options says again what frame-ancestors says; Cross-Origin-Resource-Policy guards files other
 * sites might embed, not pages they link to; a same-origin opener policy would cut a page from the
 * payment or sign-in window it opens (a shop plugin's checkout); Origin-Agent-Cluster and Adobe's
 * cross-domain policies change nothing for a page. Each header costs on every answer: the page
 * cache served 0.72 x the bare Node rate with helmet's 12, 0.80 x without these five.
 */
export function documentHeaders(reply: FastifyReply, protocol: string): void {
  for (const name of NOT_FOR_DOCUMENTS) reply.raw.removeHeader(name);
  if (protocol !== 'https') reply.raw.removeHeader('strict-transport-security');
}
