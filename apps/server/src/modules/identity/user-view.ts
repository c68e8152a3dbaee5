import type { Data } from '../../core/db/data.js';
import { MembersRepo } from './repo-members.js';
import { RolesRepo } from './repo-roles.js';
import type { UserRow } from './repo-users.js';
import type { UserView } from './schemas.js';

/** The API view of a user on one site: the row's public fields plus the user's role there. */
export async function viewUser(data: Data, siteId: number, user: UserRow): Promise<UserView> {
  const site = data.site(siteId);
  const membership = await new MembersRepo(site).find(user.id);
  const role = membership ? await new RolesRepo(site).findById(membership.role_id) : undefined;
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
}
