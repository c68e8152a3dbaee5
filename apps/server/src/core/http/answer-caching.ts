import type { FastifyRequest } from 'fastify';
import { afterCommit } from '../db/transaction-routing.js';
import type { Runtime } from '../runtime.js';
import type { Site } from '../sites/site.js';
import { AnswerCache, type ReadMark } from './answer-cache.js';
import { isApiRequest, SAFE_METHODS } from './api-scope.js';
import type { App } from './app-type.js';

/** The registry's name of the cache: `tessera cache:clear` and the cache epoch empty it too. */
export const ANSWERS = 'answers';

/** A read that may be kept: set before the handler runs, used when its answer is sent. */
interface AnswerSlot {
  siteId: number;
  key: string;
  mark: ReadMark;
  /** When the answer stops being right by itself (ms since the epoch), if sooner than the cache's bound. */
  until?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `cache`: a GET whose 200 answers are kept per caller (see installAnswerCaching). */
    answers?: 'cache';
  }
  interface FastifyRequest {
    answerSlot: AnswerSlot | null;
  }
}

/**
 * Everything an answer depends on: the site and its record (a new base URL changes every link), who
 * asks and what they may do (two callers with the same permissions see the same drafts only when
 * they are the same user, for their own entries), and the address with its query string. Not the
 * language: only 200 answers are kept, and those carry data, never a sentence of the server's.
 */
function answerKey(request: FastifyRequest, site: Site): string {
  const principal = request.principal;
  const caller = principal
    ? `${principal.userId}:${request.access ? request.access.fingerprint() : '-'}`
    : 'anonymous';
  return `${site.id} ${site.updated_at} ${caller} ${request.url}`;
}

/**
 * API answers kept in memory (core/http/answer-cache.ts) for the GET routes declared with
 * `config.answers: 'cache'`: a kept answer is sent after the site, the caller, the rate limit and the
 * route's permission were checked as for any request, without parsing, querying or serializing
 * again. What drops them: every site event (after its commit, in every process through the cache
 * registry), every API write by a signed-in user that succeeded (anything an event does not
 * announce, a role, a lock, a user's name), the site's record changing, the answer's own end (the
 * route's `cache.until`, through answerEndsAt), and its maximum age.
 */
export function installAnswerCaching(app: App, runtime: Runtime): AnswerCache {
  const cache = new AnswerCache();
  runtime.caches.register(
    ANSWERS,
    () => cache.clear(),
    (siteId) => cache.forgetSite(siteId as number),
  );
  runtime.hooks.addAction(
    'site.event',
    async (context) => {
      const site = context.site;
      if (site) await afterCommit(() => runtime.caches.forget(ANSWERS, site.id));
    },
    { owner: 'core:answers' },
  );

  app.decorateRequest('answerSlot', null);
  // After authentication, the rate limit and authorization (installed before): a kept answer is
  // refused to whoever the route would refuse.
  // Callback hooks: these run on every request, and a promise per hook is measurable there.
  app.addHook('onRequest', (request, reply, done) => {
    const site = request.site;
    if (request.routeOptions.config.answers !== 'cache' || request.method !== 'GET' || !site) return done();
    const key = answerKey(request, site);
    const kept = cache.get(key);
    // Answered: the chain stops here (done is not called).
    if (kept) return void reply.code(200).type(kept.contentType).send(kept.body);
    request.answerSlot = { siteId: site.id, key, mark: cache.mark() };
    done();
  });
  // Before the answer leaves: a client that reads right after its write must not get the old answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const slot = request.answerSlot;
    if (slot) {
      if (reply.statusCode === 200 && typeof payload === 'string') {
        const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        cache.set(slot.siteId, slot.key, { body: payload, contentType }, slot.mark, slot.until);
      }
    } else if (
      request.principal &&
      !SAFE_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      isApiRequest(request)
    ) {
      // A signed-in user's write: anonymous ones (a comment, a subscription, a plugin's cart) change
      // nothing a kept answer shows without an event saying so, and must not empty the cache at
      // every visitor's click. Emptied here at once; the peers are told on the way.
      void runtime.caches.clear(ANSWERS);
    }
    done(null, payload);
  });
  return cache;
}

/** For a cached route's handler: the answer stops being right at `until` (ms since the epoch). */
export function answerEndsAt(request: FastifyRequest, until: number | undefined): void {
  if (request.answerSlot && until !== undefined) request.answerSlot.until = until;
}
