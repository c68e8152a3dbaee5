import { issueSecret, sha256 } from '../../core/access/secrets.js';
import type { Data } from '../../core/db/data.js';
import { Forbidden } from '../../core/errors.js';
import type { Runtime } from '../../core/runtime.js';
import { SetupTokensRepo } from './repo-setup-tokens.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'sites.purge_setup_tokens': Record<string, never>;
  }
}

/**
 * A setup link lives for a day: long enough for whoever started the server to get to a browser,
 * short enough that a link left in a terminal's scrollback or a log does not stay a way in for long.
 * Each start of an uninstalled server prints a fresh one.
 */
export const SETUP_TOKEN_HOURS = 24;

/** Stores a new setup token (hashed, as every looked-up secret) and returns the secret for the link. */
export async function createSetupToken(runtime: Runtime): Promise<string> {
  const token = issueSecret(SETUP_TOKEN_HOURS * 3_600_000);
  await new SetupTokensRepo(runtime.data.global).insert(token);
  return token.secret;
}

/**
 * Marks the token used, or throws when it is unknown, used or expired. One conditional update, so
 * two requests racing with the same token cannot both win; run it in the install's transaction so a
 * failed install leaves the token usable.
 */
export async function redeemSetupToken(tx: Data, token: string): Promise<void> {
  if (!(await new SetupTokensRepo(tx.global).use(sha256(token), new Date().toISOString()))) {
    throw new Forbidden(
      'The setup token is invalid, already used or expired. Restart the server for a new link.',
      'invalid_setup_token',
    );
  }
}

/** Used and expired setup links are useless but would pile up (one per start): an hourly job deletes them. */
export async function scheduleSetupTokenPurge(runtime: Runtime): Promise<void> {
  runtime.jobs.registry.define('sites.purge_setup_tokens', async (_payload, { log }) => {
    const purged = await new SetupTokensRepo(runtime.data.global).purgeSpent(new Date().toISOString());
    log.info({ setup_tokens: purged }, 'spent setup links purged');
  });
  await runtime.jobs.schedules.schedule('sites.purge_setup_tokens', '29 * * * *', {});
}
