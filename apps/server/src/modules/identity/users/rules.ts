import type { Data } from '../../../core/db/data.js';
import { Conflict, type FieldErrors, Forbidden, NotFound, ValidationFailed } from '../../../core/errors.js';
import { type Actor, permissionsBeyond } from '../actor.js';
import { passwordProblems } from '../password/passwords.js';
import { SUPER_ADMIN } from '../roles/default-roles.js';
import { type RoleRow, RolesRepo } from '../roles/repo.js';
import { permissionsOfRole } from '../roles/role-permissions.js';
import { type UserRow, UsersRepo } from './repo.js';
import { MembersRepo } from './repo-members.js';

/**
 * The checks the user operations share. They run inside the operation's transaction (`tx`), so what
 * they read is what the operation then changes.
 */

// A sanity check for callers that bypass the HTTP schema (the CLI); the schema's `format: email` is stricter.
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserFields {
  email?: string;
  display_name?: string;
  password?: string;
}

/** Field errors of a user's own fields, before anything is read: email, display name, password strength. */
export function userFieldProblems(input: UserFields, currentEmail: string | null): FieldErrors {
  const fields: FieldErrors = {};
  if (
    input.email !== undefined &&
    (input.email.trim().length > 254 || !PLAUSIBLE_EMAIL.test(input.email.trim()))
  ) {
    fields.email = ['Must be a valid email.'];
  }
  if (input.display_name !== undefined && input.display_name.trim() === '')
    fields.display_name = ['Must not be blank.'];
  if (input.password !== undefined)
    Object.assign(fields, passwordProblems(input.password, input.email ?? currentEmail));
  return fields;
}

export function throwIfAny(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
}

/** A user of the site: a member, or a Super Admin (who belongs to every site). */
export async function findUserOnSite(tx: Data, siteId: number, id: number): Promise<UserRow> {
  const user = await new UsersRepo(tx.global).findById(id);
  if (!user) throw new NotFound('User');
  if (user.is_super_admin !== 1 && !(await new MembersRepo(tx.site(siteId)).find(id)))
    throw new NotFound('User');
  return user;
}

export interface RoleWithPermissions {
  role: RoleRow;
  permissions: string[];
}

export async function resolveRole(
  tx: Data,
  siteId: number,
  slug: string,
  all: readonly string[],
  field = 'role',
): Promise<RoleWithPermissions> {
  const roles = new RolesRepo(tx.site(siteId));
  const role = await roles.findBySlug(slug);
  if (!role) throw ValidationFailed.field(field, `There is no role "${slug}" on this site.`);
  return { role, permissions: await permissionsOfRole(roles, role, all) };
}

/** The user's role on the site and what it grants; Super Admins hold every permission. */
export async function standingOf(
  tx: Data,
  siteId: number,
  user: UserRow,
  all: readonly string[],
): Promise<{ roleSlug: string | null; permissions: string[] }> {
  const membership = await new MembersRepo(tx.site(siteId)).find(user.id);
  if (user.is_super_admin === 1) return { roleSlug: SUPER_ADMIN, permissions: [...all] };
  if (!membership) return { roleSlug: null, permissions: [] };
  const role = { id: membership.role_id, slug: membership.role_slug, is_default: membership.role_is_default };
  return {
    roleSlug: membership.role_slug,
    permissions: await permissionsOfRole(new RolesRepo(tx.site(siteId)), role, all),
  };
}

/**
 * Only a Super Admin makes Super Admins, and nobody gives a role that grants more than they hold:
 * otherwise an Admin could mint a role with sites.manage and take it.
 */
export function assertMayGrantRole(actor: Actor, target: RoleWithPermissions): void {
  if (target.role.slug === SUPER_ADMIN) {
    if (!actor.access.isSuperAdmin)
      throw new Forbidden('Only a Super Admin can make someone a Super Admin.', 'super_admin_only');
    return;
  }
  const beyond = permissionsBeyond(actor, target.permissions);
  if (beyond.length > 0) {
    throw new Forbidden(
      `The role "${target.role.slug}" grants permissions you do not hold: ${beyond.join(', ')}.`,
      'role_exceeds_actor',
    );
  }
}

/** Only a Super Admin manages a Super Admin, and nobody manages a user who holds more than they do. */
export function assertMayManage(actor: Actor, user: UserRow, userPermissions: string[]): void {
  if (user.is_super_admin === 1 && !actor.access.isSuperAdmin) {
    throw new Forbidden('Only a Super Admin can change or remove a Super Admin.', 'super_admin_only');
  }
  const beyond = permissionsBeyond(actor, userPermissions);
  if (beyond.length > 0) {
    throw new Forbidden(
      `This user holds permissions you do not hold: ${beyond.join(', ')}.`,
      'user_outranks_actor',
    );
  }
}

/** The installation must keep one active Super Admin, or nobody could manage sites any more. */
export async function assertNotLastSuperAdmin(tx: Data, user: UserRow, change: string): Promise<void> {
  if (user.is_super_admin !== 1 || user.status !== 'active') return;
  if ((await new UsersRepo(tx.global).countSuperAdmins()) <= 1) {
    throw new Conflict(`The last active Super Admin cannot be ${change}.`, 'last_super_admin');
  }
}

/**
 * A site keeps at least one active Administrator: the last one cannot step down, be suspended or
 * removed, or the site's owner would have to call a Super Admin to get it back.
 */
export async function assertSiteKeepsAnAdmin(
  tx: Data,
  siteId: number,
  user: UserRow,
  roleSlug: string | null,
  change: string,
): Promise<void> {
  if (roleSlug !== 'admin' || user.status !== 'active') return;
  const others = (await new MembersRepo(tx.site(siteId)).userIdsWithRole('admin')).filter(
    (id) => id !== user.id,
  );
  const users = new UsersRepo(tx.global);
  for (const id of others) if ((await users.findById(id))?.status === 'active') return;
  throw new Conflict(`The site's last active Administrator cannot be ${change}.`, 'last_site_admin');
}

export async function assertEmailFree(tx: Data, email: string, exceptId: number | null): Promise<void> {
  const existing = await new UsersRepo(tx.global).findByEmail(email);
  if (existing && existing.id !== exceptId) {
    throw new Conflict('A user with this email already exists.', 'email_taken', {
      email: ['Is already taken.'],
    });
  }
}

/** The fields of a user that the activity log diffs on update; the hash is redacted by the caller. */
export function auditable(user: UserRow, roleSlug: string | null): Record<string, unknown> {
  return {
    email: user.email,
    display_name: user.display_name,
    status: user.status,
    locale: user.locale,
    role: roleSlug,
    password_hash: user.password_hash,
  };
}
