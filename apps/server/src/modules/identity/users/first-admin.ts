import type { Data } from '../../../core/db/data.js';
import { hashPassword } from '../password/passwords.js';
import { SUPER_ADMIN } from '../roles/default-roles.js';
import { type UserRow, UsersRepo } from './repo.js';
import { MembersRepo } from './repo-members.js';

export type { UserRow };

export interface FirstAdminInput {
  email: string;
  displayName: string;
  password: string;
  locale: string;
}

/** Whether an account uses the address; users outlive sites, so even a database without sites may know it. */
export async function emailInUse(tx: Data, email: string): Promise<boolean> {
  return (await new UsersRepo(tx.global).findByEmail(email)) !== undefined;
}

/**
 * The installation's first account: a Super Admin, member of the first site with its super_admin
 * role (`roles`, the site's default roles by slug). Runs in the install's transaction.
 */
export async function createFirstSuperAdmin(
  tx: Data,
  siteId: number,
  roles: ReadonlyMap<string, number>,
  input: FirstAdminInput,
  at: string,
): Promise<UserRow> {
  const superAdminRole = roles.get(SUPER_ADMIN);
  if (superAdminRole === undefined) throw new Error('The default roles lack super_admin.');
  const users = new UsersRepo(tx.global);
  const adminId = await users.insert({
    email: input.email,
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    locale: input.locale,
    isSuperAdmin: true,
    at,
  });
  await new MembersRepo(tx.site(siteId)).assign(adminId, superAdminRole, at);
  const admin = await users.findById(adminId);
  if (!admin) throw new Error('The first admin could not be read back.');
  return admin;
}
