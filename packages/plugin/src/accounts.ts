import type { PluginOperation } from './operation.js';

/**
 * A site account as plugins read it: who the person is to the site, never how they sign in (no
 * password hash, no token, no verification state beyond its status).
 */
export interface PluginAccount {
  id: number;
  email: string;
  name: string;
  /** `active`, `suspended` (cannot sign in until an administrator resumes it) or `anonymised`. */
  status: 'active' | 'suspended' | 'anonymised';
  /** The language its mails are written in. */
  locale: string;
  created_at: string;
}

/** A page of accounts, newest first. */
export interface PluginAccountPage {
  items: PluginAccount[];
  total: number;
}

/**
 * The site's accounts, read only: what a plugin keeps by `(site_id, account_id)` (a member, a
 * customer) named from the server side (a search box, an import by address, a mail to the person).
 * Every read is on the operation's site; an account of another site is not found.
 */
export interface PluginAccounts {
  /** The account, or null when the site has none of that id. */
  get(ctx: PluginOperation, id: number): Promise<PluginAccount | null>;
  /** The account of an address (spaces around it and letter case ignored), or null. */
  byEmail(ctx: PluginOperation, email: string): Promise<PluginAccount | null>;
  /**
   * Accounts whose name or address holds `query` (any case; empty: all), newest first. `page` from 1,
   * `limit` at most 100 (20 by default).
   */
  search(
    ctx: PluginOperation,
    options?: { query?: string; page?: number; limit?: number },
  ): Promise<PluginAccountPage>;
}
