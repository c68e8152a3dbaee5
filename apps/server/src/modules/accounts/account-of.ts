import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Visitor } from '../../core/visitors/visitor-sessions.js';
import { type AccountRow, AccountsRepo } from './repo.js';

/** A signed-in site account, as pages and plugins see it: never its password, never an admin permission. */
export interface SiteAccount {
  id: number;
  email: string;
  name: string;
  /** The language its mails are written in. */
  locale: string;
  created_at: string;
  last_sign_in_at: string | null;
}

/**
 * The site account a visitor is signed in with, or null: no session, a session that signed nobody
 * in, or an account since suspended, anonymised or deleted (its sessions end then too, but a
 * session read a moment before must not outlive it).
 */
export async function accountOf(
  runtime: Runtime,
  site: Site,
  visitor: Visitor | null,
): Promise<SiteAccount | null> {
  const row = await accountRowOf(runtime, site, visitor);
  return row ? siteAccountOf(row) : null;
}

/** The row of the account a visitor is signed in with, for the account's own pages. */
export async function accountRowOf(
  runtime: Runtime,
  site: Site,
  visitor: Visitor | null,
): Promise<AccountRow | null> {
  if (visitor?.accountId === null || visitor?.accountId === undefined) return null;
  const row = await new AccountsRepo(runtime.data.site(site.id)).byId(visitor.accountId);
  return row && row.status === 'active' && row.email_verified_at ? row : null;
}

export function siteAccountOf(row: AccountRow): SiteAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale,
    created_at: row.created_at,
    last_sign_in_at: row.last_sign_in_at,
  };
}
