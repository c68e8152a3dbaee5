import { issueSecret, sha256 } from '../../core/access/secrets.js';
import type { Data } from '../../core/db/data.js';
import { Forbidden } from '../../core/errors.js';
import type { Runtime } from '../../core/runtime.js';
import '../identity/tables.js';

/**
 * A setup link lives for a day: long enough for whoever started the server to get to a browser,
 * short enough that a link left in a terminal's scrollback or a log does not stay a way in for long.
 * Each start of an uninstalled server prints a fresh one.
 */
export const SETUP_TOKEN_HOURS = 24;

/** Stores a new setup token (hashed, as every looked-up secret) and returns the secret for the link. */
export async function createSetupToken(runtime: Runtime): Promise<string> {
  const token = issueSecret(SETUP_TOKEN_HOURS * 3_600_000);
  await runtime.data.global
    .insertInto('setup_tokens')
    .values({
      token_hash: token.hash,
      expires_at: token.expires_at,
      used_at: null,
      created_at: token.created_at,
    })
    .execute();
  return token.secret;
}

/**
 * Marks the token used, or throws when it is unknown, used or expired. One conditional update, so
 * two requests racing with the same token cannot both win; run it in the install's transaction so a
 * failed install leaves the token usable.
 */
export async function redeemSetupToken(tx: Data, token: string): Promise<void> {
  const now = new Date().toISOString();
  const result = await tx.global
    .updateTable('setup_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new Forbidden(
      'The setup token is invalid, already used or expired. Restart the server for a new link.',
      'invalid_setup_token',
    );
  }
}
