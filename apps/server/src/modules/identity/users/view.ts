import type { Data } from '../../../core/db/data.js';
import { SUPER_ADMIN } from '../roles/default-roles.js';
import { RolesRepo } from '../roles/repo.js';
import type { UserView } from '../schemas.js';
import type { UserRow } from './repo.js';
import { MembersRepo } from './repo-members.js';

/** The API view of a user on one site: the row's public fields plus the user's role there. */
export async function viewUser(data: Data, siteId: number, user: UserRow): Promise<UserView> {
  const [view] = await viewUsers(data, siteId, [user]);
  if (!view) throw new Error('viewUsers returned no view');
  return view;
}

/**
 * Views of several users on one site in two queries, for lists. A Super Admin who is not a member
 * of the site is shown with the site's Super Admin role, since that is the rank they hold there.
 * The fields are picked one by one: a new column (a secret) never reaches a response by accident.
 */
export async function viewUsers(data: Data, siteId: number, users: readonly UserRow[]): Promise<UserView[]> {
  const site = data.site(siteId);
  const roleIds = await new MembersRepo(site).roleIdsOf(users.map((u) => u.id));
  const roles = await new RolesRepo(site).list();
  const byId = new Map(roles.map((r) => [r.id, r]));
  const superAdmin = roles.find((r) => r.slug === SUPER_ADMIN);
  return users.map((user) => {
    const roleId = roleIds.get(user.id);
    const role =
      (roleId === undefined ? undefined : byId.get(roleId)) ??
      (user.is_super_admin === 1 ? superAdmin : undefined);
    return {
      id: user.id,
      email: user.email,
      display_name: user.display_name,
      status: user.status,
      locale: user.locale,
      is_super_admin: user.is_super_admin === 1,
      role: role ? { id: role.id, slug: role.slug, name: role.name } : null,
      two_factor_enabled: user.totp_enabled_at !== null,
      last_login_at: user.last_login_at,
      created_at: user.created_at,
      updated_at: user.updated_at,
    };
  });
}
