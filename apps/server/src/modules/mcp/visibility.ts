import type { Access } from '../../core/access/access.js';

/**
 * Who an MCP entry is listed to, from the permission its REST route or plugin declares: `public`
 * and `authenticated` mean every signed-in caller (the operation checks item by item), anything
 * else that permission.
 */
export function listedTo(permission: string): readonly string[] {
  return permission === 'public' || permission === 'authenticated' ? [] : [permission];
}

/** Listed to a caller holding any one of the permissions (every signed-in caller when none). */
export function visible(permissions: readonly string[], access: Access): boolean {
  return permissions.length === 0 || permissions.some((permission) => access.allows(permission));
}
