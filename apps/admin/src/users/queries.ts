import { useQuery } from '@tanstack/react-query';
import type { operations } from '@tessera/sdk';
import { api, data, page } from '../api.js';
import { fetchMe, ME } from '../session.js';

type Json<Op extends keyof operations, Status extends number> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': { data: infer D } } }>
    ? D
    : never;

export type User = Json<'get_users_by_id', 200>;
export type Role = Json<'get_roles_by_id', 200>;
export type PermissionGroup = Json<'get_permissions', 200>[number];
export type Me = Json<'get_me', 200>;

export const SUPER_ADMIN = 'super_admin';
/** The languages the admin speaks, which are the ones a user's locale can usefully take here. */
export const LOCALES = ['en', 'fr'] as const;

/** The site's roles: few per site, so one page of 100 holds them all. */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: ['roles'],
    queryFn: () => page(api.GET('/api/roles', { params: { query: { page: 1, limit: 100 } } })),
    select: (answer) => answer.items,
    enabled,
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['permissions'],
    queryFn: () => data(api.GET('/api/permissions')),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user with their role here: the session's own query (same key), read whole. */
export function useMe() {
  return useQuery({ queryKey: ME, queryFn: fetchMe, staleTime: 60_000 });
}

/**
 * Whether `can` covers a role's permissions: the server refuses to grant, edit or delete a role that
 * holds more than the actor, and only a Super Admin makes Super Admins.
 */
export function mayGrant(role: Role, can: (permission: string) => boolean, isSuperAdmin: boolean): boolean {
  if (role.slug === SUPER_ADMIN) return isSuperAdmin;
  return role.permissions.every(can);
}

/** The permissions of `role` that `can` does not cover, sorted. */
export function beyond(permissions: readonly string[], can: (permission: string) => boolean): string[] {
  return permissions.filter((permission) => !can(permission)).sort();
}

/**
 * The server computes Admin's permissions from the catalogue and refuses to edit them (409
 * role_permissions_computed). The API does not say which roles are computed: Super Admin is
 * `is_locked`, and Admin is the built-in role with the slug `admin`.
 */
export function hasComputedPermissions(role: Role): boolean {
  return role.is_locked || (role.is_default && role.slug === 'admin');
}
