import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What every form of the public site shares, the core's (comments, contact, accounts) and plugins'
 * alike: browsers post them without a script, urlencoded, from a page of the same site.
 */

/**
 * Reads `application/x-www-form-urlencoded` bodies of a scope as name → value, values trimmed; a
 * name posted several times (a group of checkboxes) holds its values joined by a line feed.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const values: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string))
        values[name] = Object.hasOwn(values, name) ? `${values[name]}\n${value.trim()}` : value.trim();
      done(null, values);
    },
  );
}

/** What was posted, text only: a client sending JSON with numbers or objects posts nothing of them. */
export function postedValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (body === null || typeof body !== 'object') return values;
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') values[name] = value;
  return values;
}

/** The scheme and host the visitor reached: what a post from one of the site's own pages names. */
export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether the post came from a page of this site: its Origin is the site's own, or, from a browser
 * that sent none, its Referer is a page of the site. Neither (or Origin `null`, sent from a
 * sandboxed frame or under a no-referrer policy) is refused: a public form post is made by a page.
 */
export function postedFromThisSite(request: FastifyRequest): boolean {
  const own = siteOrigin(request);
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === own;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(own).origin;
  } catch {
    return false;
  }
}
