import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

export interface UserTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  display_name: string;
  password_hash: string;
  status: 'active' | 'suspended';
  locale: string;
  is_super_admin: number;
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The TOTP step last accepted; codes of that step or earlier are refused (no replay). */
  totp_last_step: number | null;
  last_login_at: Timestamp | null;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RoleTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  name: string;
  description: string;
  is_default: number;
  requires_two_factor: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolePermissionTable {
  site_id: number;
  role_id: number;
  permission: string;
}

export interface SiteMemberTable {
  site_id: number;
  user_id: number;
  role_id: number;
  created_at: Timestamp;
}

export interface SessionTable {
  id: string;
  user_id: number;
  /** The site the session was opened on; it authenticates nowhere else. */
  site_id: number;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
}

export interface ApiTokenTable {
  id: Generated<number>;
  user_id: number;
  /** The site the token works on; null for an installation-wide token (made only by a Super Admin). */
  site_id: number | null;
  name: string;
  prefix: string;
  token_hash: string;
  permissions: unknown;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface TwoFactorChallengeTable {
  token_hash: string;
  user_id: number;
  /** The site the sign-in started on; the challenge is redeemed only there. */
  site_id: number;
  attempts: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface GlobalTables {
    users: UserTable;
    sessions: SessionTable;
    api_tokens: ApiTokenTable;
    password_resets: PasswordResetTable;
    recovery_codes: RecoveryCodeTable;
    two_factor_challenges: TwoFactorChallengeTable;
  }
  interface SiteTables {
    roles: RoleTable;
    role_permissions: RolePermissionTable;
    site_members: SiteMemberTable;
  }
}
