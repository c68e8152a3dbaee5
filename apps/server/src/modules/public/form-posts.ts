import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../../core/errors.js';
import { MAX_ID } from '../../core/http/input-schemas.js';
import { rateLimitBudget } from '../../core/http/rate-limit/rate-limit-key.js';
import type { RateLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import type { Site } from '../../core/sites/site.js';
import type { PublicSite } from './service.js';
import type { PageRequest } from './visitor.js';

/**
 * What the public site's own forms share (the contact form block, the comment form): they are posted
 * by browsers without a script, urlencoded, and counted against the comments budget by address.
 */

/** Reads `application/x-www-form-urlencoded` bodies of a scope as name → value, values trimmed. */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const values: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) values[name] = value.trim();
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

/** A row id as a form or an address gives it (digits), or null when it is none or out of range. */
export function postedId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** Another site's page posting here: browsers send Origin with every form post. */
export function fromAnotherSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`;
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
