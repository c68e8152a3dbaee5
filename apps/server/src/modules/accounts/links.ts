import { createHmac } from 'node:crypto';
import { safeEqual } from '../../core/access/secrets.js';
import type { AccountRow } from './repo.js';

/** What a mailed link lets its holder do: confirm the address, choose a new password, move to a new address. */
export type LinkPurpose = 'verify' | 'reset' | 'email';

const LIFETIMES_MS: Record<LinkPurpose, number> = {
  verify: 48 * 3_600_000,
  reset: 3_600_000,
  email: 24 * 3_600_000,
};

interface LinkClaims {
  /** The account. */
  a: number;
  p: LinkPurpose;
  /** The new address, for `email`. */
  e?: string;
  /** Expiry, ms since the epoch. */
  x: number;
}

/**
 * The links mailed to accounts, signed rather than stored: an HMAC over the site, what the link
 * claims (account, purpose, new address, expiry) and the part of the account's state its use
 * changes (the verification date, the password hash, the address). Used once, that state moves on
 * and the link no longer matches: one-time without a table of tokens, and a link dies with a
 * password changed meanwhile. The key is derived from the installation's secret.
 */
export class AccountLinks {
  constructor(private readonly key: () => Buffer) {}

  issue(siteId: number, account: AccountRow, purpose: LinkPurpose, newEmail?: string): string {
    const claims: LinkClaims = {
      a: account.id,
      p: purpose,
      ...(newEmail ? { e: newEmail } : {}),
      x: Date.now() + LIFETIMES_MS[purpose],
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(siteId, payload, account, purpose)}`;
  }

  /** What a token claims, before its account is read: null for anything that is not a live link of `purpose`. */
  claims(token: string, purpose: LinkPurpose): { accountId: number; newEmail: string | null } | null {
    const [payload = '', mac = '', extra] = token.split('.');
    if (!payload || !mac || extra !== undefined || payload.length > 2000) return null;
    let claims: Partial<LinkClaims>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LinkClaims>;
    } catch {
      return null;
    }
    if (claims.p !== purpose || !Number.isSafeInteger(claims.a) || typeof claims.x !== 'number') return null;
    if (claims.x < Date.now()) return null;
    return { accountId: claims.a as number, newEmail: typeof claims.e === 'string' ? claims.e : null };
  }

  /** Whether `token` is a good link of `purpose` for the account as it is now. */
  holds(siteId: number, token: string, account: AccountRow, purpose: LinkPurpose): boolean {
    const claims = this.claims(token, purpose);
    if (!claims || claims.accountId !== account.id || account.status !== 'active') return false;
    const [payload = '', mac = ''] = token.split('.');
    return safeEqual(mac, this.mac(siteId, payload, account, purpose));
  }

  private mac(siteId: number, payload: string, account: AccountRow, purpose: LinkPurpose): string {
    return createHmac('sha256', this.key())
      .update(`${siteId}\n${payload}\n${stateOf(account, purpose)}`)
      .digest('base64url');
  }
}

/**
 * What the link's use changes: once changed, the link no longer matches. A verification link also
 * names the password it confirms: registering again over an unconfirmed account voids the links
 * mailed before, so a link confirms only the registration it was mailed for.
 */
function stateOf(account: AccountRow, purpose: LinkPurpose): string {
  if (purpose === 'verify')
    return `${account.email_normalized}|${account.email_verified_at ?? ''}|${account.password_hash}`;
  if (purpose === 'reset') return account.password_hash;
  return account.email_normalized;
}
