import type { FastifyRequest } from 'fastify';
import { recordActivity } from '../../core/activity/record.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { hashPassword, verifyPassword } from '../identity/password/passwords.js';
import { mailAccount } from './account-mail.js';
import { accountLinksOf, visitorOperation } from './accounts.js';
import { AccountFormFaults, emailFault, faultsOf, nameFault, passwordFault, refuseIf } from './faults.js';
import { type AccountRow, AccountsRepo, normalizedEmail } from './repo.js';

/** What a signed-in account changes of itself, from its profile page. */

export async function rename(runtime: Runtime, site: Site, account: AccountRow, name: string): Promise<void> {
  const trimmed = name.trim();
  refuseIf(faultsOf({ name: nameFault(trimmed) }));
  await new AccountsRepo(runtime.data.site(site.id)).update(account.id, {
    name: trimmed,
    updated_at: new Date().toISOString(),
  });
}

/**
 * Asks to move the account to a new address, with the current password: a link goes to the new
 * address, and the account moves once it is opened (confirmEmailChange). An address another
 * account of the site holds is refused.
 */
export async function requestEmailChange(
  runtime: Runtime,
  site: Site,
  account: AccountRow,
  input: { email: string; password: string; origin: string },
): Promise<void> {
  const email = input.email.trim();
  const fault = emailFault(email);
  refuseIf(
    faultsOf({ email: fault ?? (normalizedEmail(email) === account.email_normalized ? 'same_email' : null) }),
  );
  if (!(await verifyPassword(account.password_hash, input.password)))
    throw new AccountFormFaults({ current_password: input.password ? 'current_password' : 'required' });
  const repo = new AccountsRepo(runtime.data.site(site.id));
  if (await repo.byEmail(email)) throw new AccountFormFaults({ email: 'email_taken' });
  const token = accountLinksOf(runtime).issue(site.id, account, 'email', email);
  await mailAccount(runtime, site, account, input.origin, { kind: 'email', token, to: email });
}

/**
 * Opens the link of an address change: the account takes the new address (confirmed, since the link
 * came to it) and the old address is told. False for a link no longer good (used, expired, the
 * account's address changed meanwhile) or an address another account took since.
 */
export async function confirmEmailChange(
  runtime: Runtime,
  site: Site,
  token: string,
  input: { ip: string | null; origin: string },
): Promise<boolean> {
  const links = accountLinksOf(runtime);
  const claims = links.claims(token, 'email');
  if (!claims?.newEmail) return false;
  const newEmail = claims.newEmail;
  const ctx = visitorOperation(runtime, site, input.ip);
  return ctx.transaction(async () => {
    const repo = new AccountsRepo(ctx.db);
    const account = await repo.byId(claims.accountId);
    if (!account || !links.holds(site.id, token, account, 'email')) return false;
    if (await repo.byEmail(newEmail)) return false;
    const at = new Date().toISOString();
    await repo.update(account.id, {
      email: newEmail,
      email_normalized: normalizedEmail(newEmail),
      email_verified_at: at,
      updated_at: at,
    });
    await recordActivity(runtime.data, site.id, {
      userId: null,
      action: 'account.email_changed',
      subjectType: 'account',
      subjectId: account.id,
      ip: input.ip,
      details: { email: [account.email, newEmail] },
    });
    await mailAccount(runtime, site, { ...account, email: newEmail }, input.origin, {
      kind: 'email_changed',
      to: account.email,
    });
    return true;
  });
}

/**
 * Changes the password, with the current one; every other session of the account ends (whoever knew
 * the old password is signed out), the one making the change goes on.
 */
export async function changePassword(
  runtime: Runtime,
  request: FastifyRequest,
  account: AccountRow,
  input: { current: string; password: string },
): Promise<void> {
  const site = request.site as Site;
  refuseIf(
    faultsOf({
      current_password: input.current ? null : 'required',
      password: passwordFault(input.password, account.email),
    }),
  );
  if (!(await verifyPassword(account.password_hash, input.current)))
    throw new AccountFormFaults({ current_password: 'current_password' });
  const passwordHash = await hashPassword(input.password);
  await runtime.data.transaction(async (tx) => {
    const changed = await new AccountsRepo(tx.site(site.id)).replacePassword(
      account.id,
      account.password_hash,
      {
        password_hash: passwordHash,
        updated_at: new Date().toISOString(),
      },
    );
    if (!changed) throw new AccountFormFaults({ current_password: 'current_password' });
    await recordActivity(tx, site.id, {
      userId: null,
      action: 'account.password_changed',
      subjectType: 'account',
      subjectId: account.id,
      ip: request.ip,
    });
  });
  await visitorSessionsOf(runtime).endAllOfAccount(site.id, account.id, request);
}
