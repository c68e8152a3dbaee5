import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** What an account may do: sign in (active), nothing until unsuspended, or nothing ever (anonymised). */
export type AccountStatus = 'active' | 'suspended' | 'anonymised';

export interface SiteAccountTable {
  id: Generated<number>;
  site_id: number;
  /** As the person typed it. */
  email: string;
  /** Trimmed and lowercased: what makes an address one account's on its site. */
  email_normalized: string;
  name: string;
  /** argon2id, as the admin's users' passwords. */
  password_hash: string;
  status: AccountStatus;
  /** The language of the pages the account was made on: its mails are written in it. */
  locale: string;
  /** Null until the link mailed at registration is opened: the account cannot sign in before. */
  email_verified_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    site_accounts: SiteAccountTable;
  }
}
