import { computedPermissions } from './default-roles.js';
import type { RolesRepo } from './repo.js';

/**
 * What a role grants on its site: the catalogue-derived set of a computed default role (Super
 * Admin, Admin), else its stored rows. Every reader of a role's permissions goes through here.
 */
export async function permissionsOfRole(
  roles: RolesRepo,
  role: { id: number; slug: string; is_default: number },
  all: readonly string[],
): Promise<string[]> {
  return computedPermissions(role, all)?.sort() ?? roles.permissionsOf(role.id);
}
