import type { Access } from '../../../core/access/access.js';
import { Forbidden, Unauthenticated } from '../../../core/errors.js';
import { ACCOUNT_PERMISSION } from '../permissions.js';

/** Added to the OpenAPI description of every route that changes the caller's own account. */
export const ACCOUNT_CHANGE_NOTE = `Changes your account: a session always may; an API token needs the \`${ACCOUNT_PERMISSION}\` permission, which a token without a permission list has and a narrowed token has only when its list names it.`;

/**
 * Refuses a change to the caller's own account through a token narrowed to other permissions: such
 * a token was handed out for some task, not to rename its owner, revoke their other tokens or turn
 * on two-factor with a secret its holder controls.
 */
export function assertMayChangeAccount(access: Access | null): void {
  if (!access) throw new Unauthenticated();
  if (!access.allows(ACCOUNT_PERMISSION)) {
    throw new Forbidden(
      `This API token cannot change your account: it needs the ${ACCOUNT_PERMISSION} permission.`,
      'permission_denied',
    );
  }
}
