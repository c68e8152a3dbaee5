import { recordActivity } from '../../core/activity/record.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { hashPassword } from '../identity/password/passwords.js';
import { mailAccount } from './account-mail.js';
import { accountLinksOf, hookViewOf, visitorOperation } from './accounts.js';
import { AccountFormFaults, emailFault, faultsOf, passwordFault, refuseIf } from './faults.js';
import { AccountsRepo } from './repo.js';

export const RESET_JOB = 'accounts.password_reset';
/** Reset mails one account gets per hour at most; further requests are answered alike and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    /** A reset asked for on the job's site: the address as typed, and where its link points. */
    'accounts.password_reset': { email: string; origin: string; ip: string | null };
  }
}

/**
 * Asks for a reset link: the request queues a job and returns, the same whatever the address, so
 * neither its answer nor its time tells whether the address has an account (as the admin's reset).
 */
export async function requestReset(runtime: Runtime, site: Site, email: string, origin: string, ip: string) {
  refuseIf(faultsOf({ email: emailFault(email.trim()) }));
  await runtime.jobs.queue.enqueue(RESET_JOB, { email: email.trim(), origin, ip }, { siteId: site.id });
}

/** The job's work: mails an active account its link, unless it had RESET_MAILS_PER_HOUR this hour. */
export function defineResetJob(runtime: Runtime): void {
  runtime.jobs.registry.define(RESET_JOB, async (request, { siteId, log }) => {
    const site = siteId === null ? null : await runtime.siteStore.findById(siteId);
    if (!site) return;
    const account = await new AccountsRepo(runtime.data.site(site.id)).byEmail(request.email);
    if (account?.status !== 'active') return;
    const sent = await runtime.rateLimits.hit(`accounts:${site.id}:reset-mail:${account.id}`, 3_600_000);
    if (sent.count > RESET_MAILS_PER_HOUR) {
      log.info({ accountId: account.id }, 'account reset mail not sent: hourly cap reached');
      return;
    }
    const token = accountLinksOf(runtime).issue(site.id, account, 'reset');
    await runtime.data.transaction(async (tx) => {
      await recordActivity(tx, site.id, {
        userId: null,
        action: 'account.reset_requested',
        subjectType: 'account',
        subjectId: account.id,
        ip: request.ip,
      });
      await mailAccount(runtime, site, account, request.origin, { kind: 'reset', token });
    });
  });
}

/** Whether a reset link is still good, for the page that shows its form. */
export async function resetLinkHolds(runtime: Runtime, site: Site, token: string): Promise<boolean> {
  const links = accountLinksOf(runtime);
  const claims = links.claims(token, 'reset');
  if (!claims) return false;
  const account = await new AccountsRepo(runtime.data.site(site.id)).byId(claims.accountId);
  return account !== undefined && links.holds(site.id, token, account, 'reset');
}

/**
 * Sets a new password with a reset link: the link is used up (the password it was made for has
 * changed), an unconfirmed address counts as confirmed (the link came to it), and every session of
 * the account ends, so whoever knew the old password is signed out.
 */
export async function resetPassword(
  runtime: Runtime,
  site: Site,
  token: string,
  password: string,
  ip: string,
) {
  const links = accountLinksOf(runtime);
  const claims = links.claims(token, 'reset');
  const repo = new AccountsRepo(runtime.data.site(site.id));
  const found = claims ? await repo.byId(claims.accountId) : undefined;
  if (!found || !links.holds(site.id, token, found, 'reset'))
    throw new AccountFormFaults({ form: 'link_invalid' });
  refuseIf(faultsOf({ password: passwordFault(password, found.email) }));
  const passwordHash = await hashPassword(password);
  const ctx = visitorOperation(runtime, site, ip);
  const at = new Date().toISOString();
  await ctx.transaction(async () => {
    const repo = new AccountsRepo(ctx.db);
    // Of two resets with one link, the second finds the password changed: its link is void.
    const changed = await repo.replacePassword(found.id, found.password_hash, {
      password_hash: passwordHash,
      email_verified_at: found.email_verified_at ?? at,
      updated_at: at,
    });
    if (!changed) throw new AccountFormFaults({ form: 'link_invalid' });
    await recordActivity(runtime.data, site.id, {
      userId: null,
      action: 'account.password_reset',
      subjectType: 'account',
      subjectId: found.id,
      ip,
    });
  });
  await visitorSessionsOf(runtime).endAllOfAccount(site.id, found.id);
  // The link came to the address: an account never confirmed is confirmed now.
  if (!found.email_verified_at)
    await ctx.hooks.doAction('account.registered', hookViewOf({ ...found, email_verified_at: at }));
}
