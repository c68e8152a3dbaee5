import { Forbidden } from '../../core/errors.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { requirePermission } from '../identity/actor.js';

/**
 * Media's own/others rule, for items and folders alike: what the actor made needs `permission`,
 * anyone else's (or an unknown owner's) `<permission>_others`, so an Author keeps to their own uploads.
 */
export function requireOnOwned(
  ctx: OperationContext,
  permission: string,
  ownerId: number | null,
  what: 'media' | 'folders',
): void {
  requirePermission(ctx.actor, permission);
  if (!ctx.actor.access.allowsOn(permission, ownerId))
    throw new Forbidden(
      what === 'media'
        ? `Changing other users' media requires the ${permission}_others permission.`
        : `Changing other users' folders requires the ${permission}_others permission.`,
      'permission_denied',
    );
}
