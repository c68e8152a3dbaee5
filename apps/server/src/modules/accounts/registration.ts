import { recordActivity } from '../../core/activity/record.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { hashPassword } from '../identity/password/passwords.js';
import { mailAccount } from './account-mail.js';
import { accountLinksOf, hookViewOf, visitorOperation } from './accounts.js';
import { emailFault, faultsOf, nameFault, passwordFault, refuseIf } from './faults.js';
import { AccountsRepo, normalizedEmail } from './repo.js';

export interface Registration {
  name: string;
  email: string;
  password: string;
  /** The language of the page it was sent from: the account's mails are written in it. */
  locale: string;
}

/** Who registers: their address, and the origin their links start with (linkOrigin). */
export interface Registrant {
  ip: string;
  origin: string;
}

/**
 * Registers a visitor: checks the form, then mails a link that confirms the address; the account
 * signs in only once it is opened. Whatever the address, the visitor is told the same ("check your
 * inbox") after the same work, so the form tells nobody which addresses have accounts: an address
 * with a confirmed account gets a mail saying so (with the sign-in and reset links) and nothing
 * changes; an address whose account was never confirmed is taken over by this registration (a
 * registration nobody confirmed proves nothing, and must not keep the address's owner out).
 */
export async function register(runtime: Runtime, site: Site, input: Registration, from: Registrant) {
  const name = input.name.trim();
  const email = input.email.trim();
  refuseIf(
    faultsOf({
      name: nameFault(name),
      email: emailFault(email),
      password: passwordFault(input.password, email),
    }),
  );
  const passwordHash = await hashPassword(input.password);
  const ctx = visitorOperation(runtime, site, from.ip);
  const links = accountLinksOf(runtime);
  await ctx.transaction(async () => {
    const repo = new AccountsRepo(ctx.db);
    const at = new Date().toISOString();
    const existing = await repo.byEmail(email);
    if (existing?.email_verified_at || (existing && existing.status !== 'active')) {
      if (existing.status === 'active')
        await mailAccount(runtime, site, existing, from.origin, { kind: 'exists' });
      return;
    }
    let id: number;
    if (existing) {
      id = existing.id;
      await repo.update(id, {
        email,
        name,
        password_hash: passwordHash,
        locale: input.locale,
        updated_at: at,
      });
    } else {
      id = await repo.insert({
        email,
        email_normalized: normalizedEmail(email),
        name,
        password_hash: passwordHash,
        status: 'active',
        locale: input.locale,
        email_verified_at: null,
        last_sign_in_at: null,
        created_at: at,
        updated_at: at,
      });
    }
    const account = await repo.byId(id);
    if (!account) return;
    const token = links.issue(site.id, account, 'verify');
    await mailAccount(runtime, site, account, from.origin, { kind: 'verify', token });
  });
}

/**
 * Opens a verification link: the address is confirmed, the account can sign in, and
 * `account.registered` fires. False for a link that is not (or no longer) good: used, expired,
 * altered, or of an account suspended meanwhile.
 */
export async function verify(
  runtime: Runtime,
  site: Site,
  token: string,
  ip: string | null,
): Promise<boolean> {
  const links = accountLinksOf(runtime);
  const claims = links.claims(token, 'verify');
  if (!claims) return false;
  const ctx = visitorOperation(runtime, site, ip);
  const verified = await ctx.transaction(async () => {
    const repo = new AccountsRepo(ctx.db);
    const account = await repo.byId(claims.accountId);
    if (!account || !links.holds(site.id, token, account, 'verify')) return null;
    const at = new Date().toISOString();
    await repo.update(account.id, { email_verified_at: at, updated_at: at });
    await recordActivity(runtime.data, site.id, {
      userId: null,
      action: 'account.registered',
      subjectType: 'account',
      subjectId: account.id,
      ip,
      details: { email: account.email },
    });
    return { ...account, email_verified_at: at };
  });
  if (!verified) return false;
  await ctx.hooks.doAction('account.registered', hookViewOf(verified));
  return true;
}

/** Mails an unconfirmed account a new verification link (its owner tried to sign in). */
export async function mailVerification(runtime: Runtime, site: Site, accountId: number, origin: string) {
  const repo = new AccountsRepo(runtime.data.site(site.id));
  const account = await repo.byId(accountId);
  if (!account || account.email_verified_at) return;
  const token = accountLinksOf(runtime).issue(site.id, account, 'verify');
  await mailAccount(runtime, site, account, origin, { kind: 'verify', token });
}
