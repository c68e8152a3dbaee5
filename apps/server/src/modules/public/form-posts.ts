import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../../core/errors.js';
import { MAX_ID } from '../../core/http/input-schemas.js';
import { rateLimitBudget } from '../../core/http/rate-limit/rate-limit-key.js';
import type { RateLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import type { Site } from '../../core/sites/site.js';
import { siteOrigin } from '../../core/visitors/form-posts.js';
import type { PublicSite } from './service.js';
import type { PageRequest } from './visitor.js';

/**
 * What the public site's own forms share (the contact form block, the comment form): they are posted
 * by browsers without a script, urlencoded (core/visitors/form-posts.ts reads them, for every public
 * form), and counted against the comments budget by address.
 */
export { acceptFormPosts, postedValues } from '../../core/visitors/form-posts.js';

/** A row id as a form or an address gives it (digits), or null when it is none or out of range. */
export function postedId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/**
 * Another site's page posting here: browsers send Origin with every form post. Laxer than the guard
 * of core/visitors/form-guard.ts (a post without Origin passes): these two forms' pages stay in the
 * page cache, so they carry no two-hour form token either (the comment form has its own, of a day).
 */
export function fromAnotherSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== siteOrigin(request);
}

/**
 * Counts the post against its address's budget in the comments group (the API's limiter counts only
 * /api requests, so the public forms charge `limiter`, which shares its store): the seconds to wait
 * when the budget is spent, else null.
 */
export async function spentBudget(
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<number | null> {
  const budget = rateLimitBudget('comments', null, request.ip);
  try {
    await limiter.charge(budget.group, budget.key, reply, request.log);
    return null;
  } catch (error) {
    if (!(error instanceof TooManyRequests)) throw error;
    return Number(error.headers['retry-after'] ?? 60);
  }
}

/**
 * The entry's page again, as a refused post left its form (the faults, what was typed): for this
 * visitor alone, so no cache keeps it. 404 when the entry is no longer published.
 */
export async function pageAgain(
  publicSite: PublicSite,
  site: Site,
  entryId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  status: 422 | 429,
  outcome: Pick<PageRequest, 'form' | 'comments'>,
) {
  const answer = await publicSite.entryFor(site, entryId, `${request.protocol}://${request.host}`, {
    page: 1,
    signedIn: false,
    userAgent: request.headers['user-agent'] ?? '',
    ...outcome,
  });
  if (!answer || !('html' in answer)) return reply.code(404).send();
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(answer.html);
}
