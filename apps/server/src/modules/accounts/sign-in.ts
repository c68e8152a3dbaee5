import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordActivity } from '../../core/activity/record.js';
import type { RateLimitStore } from '../../core/http/rate-limit/store.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { LoginThrottle } from '../identity/auth/login-throttle.js';
import { decoyPasswordHash, verifyPassword } from '../identity/password/passwords.js';
import { hookViewOf, visitorOperation } from './accounts.js';
import { AccountFormFaults } from './faults.js';
import { mailVerification } from './registration.js';
import { AccountsRepo } from './repo.js';

/** Verification mails one unconfirmed account gets per hour from attempts to sign in. */
const VERIFY_MAILS_PER_HOUR = 3;

/**
 * Signs a site account in, throttled as the admin's sign-in is (identity/auth/login-throttle.ts:
 * failures per account and per address, the owner's known address apart) but with counters of the
 * site's own, since an address may have an account on several sites: 429 past them. A wrong
 * address or password is one fault (`credentials`) after the same argon2 work. An unconfirmed
 * account is sent a new link (three an hour at most) rather than signed in; a suspended one is
 * refused. Signed in, the visitor's session (core/visitors) carries the account, under a new cookie.
 */
export async function signIn(
  runtime: Runtime,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; origin: string },
): Promise<void> {
  const site = request.site as Site;
  const ip = request.ip;
  const attempt = await new LoginThrottle(siteCounters(runtime.rateLimits, site.id)).begin(input.email, ip);
  const repo = new AccountsRepo(runtime.data.site(site.id));
  const account = input.email ? await repo.byEmail(input.email) : undefined;
  const valid = await verifyPassword(account?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!account || !valid) {
    await recordActivity(runtime.data, site.id, {
      userId: null,
      action: 'account.sign_in_failed',
      subjectType: 'account',
      subjectId: account?.id ?? null,
      ip,
      details: { email: input.email.slice(0, 254) },
    });
    throw new AccountFormFaults({ form: 'credentials' });
  }
  await attempt.passed();
  if (account.status !== 'active') throw new AccountFormFaults({ form: 'suspended' });
  if (!account.email_verified_at) {
    const mails = await runtime.rateLimits.hit(`accounts:${site.id}:verify-mail:${account.id}`, 3_600_000);
    if (mails.count <= VERIFY_MAILS_PER_HOUR) await mailVerification(runtime, site, account.id, input.origin);
    throw new AccountFormFaults({ form: 'unverified' });
  }
  await visitorSessionsOf(runtime).signIn(request, reply, account.id);
  const at = new Date().toISOString();
  await runtime.data.transaction(async (tx) => {
    await new AccountsRepo(tx.site(site.id)).update(account.id, { last_sign_in_at: at });
    await recordActivity(tx, site.id, {
      userId: null,
      action: 'account.signed_in',
      subjectType: 'account',
      subjectId: account.id,
      ip,
    });
  });
  await visitorOperation(runtime, site, ip).hooks.doAction('account.signed_in', {
    account: hookViewOf(account),
    ip,
  });
}

/** Signs the visitor out everywhere: every session of their account ends, this one too. */
export async function signOutEverywhere(runtime: Runtime, request: FastifyRequest, reply: FastifyReply) {
  const sessions = visitorSessionsOf(runtime);
  const visitor = await sessions.read(request);
  const site = request.site;
  if (visitor?.accountId && site) {
    const ended = await sessions.endAllOfAccount(site.id, visitor.accountId);
    await recordActivity(runtime.data, site.id, {
      userId: null,
      action: 'account.signed_out_everywhere',
      subjectType: 'account',
      subjectId: visitor.accountId,
      ip: request.ip,
      details: { sessions: ended },
    });
  }
  await sessions.end(request, reply);
}

/** The rate-limit counters of one site's sign-ins: the admin's throttle over keys of their own. */
function siteCounters(store: RateLimitStore, siteId: number): RateLimitStore {
  const prefix = `accounts:${siteId}:`;
  return {
    hit: (key, windowMs, units) => store.hit(prefix + key, windowMs, units),
    peek: (key) => store.peek(prefix + key),
    ready: () => store.ready(),
    degraded: () => store.degraded(),
    close: async () => undefined,
  };
}
