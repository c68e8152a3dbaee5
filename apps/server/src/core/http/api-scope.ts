import type { FastifyRequest } from 'fastify';

/** Methods that change nothing: no CSRF token asked for them, and no kept answer dropped by them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a path belongs to the API. Authentication, rate limits and permission checks apply to the
 * API only: the public site outside /api pays for site resolution alone, and touches no session or
 * token store.
 */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/api' || path.startsWith('/api?');
}

/** A request for the API: its route is under /api, or, for a path no route matches, the path is. */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions.url ?? request.url);
}
