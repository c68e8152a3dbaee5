import type { Runtime } from '../../core/runtime.js';
import { identityOf } from './identity.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'identity.purge_expired': Record<string, never>;
  }
}

/**
 * Expired credentials are refused when presented, but their rows would pile up: an hourly job
 * deletes expired sessions, sign-in challenges, and used or expired reset and setup tokens.
 */
export async function scheduleCredentialPurge(runtime: Runtime): Promise<void> {
  runtime.jobs.registry.define('identity.purge_expired', async (_payload, { log }) => {
    const nowIso = new Date().toISOString();
    const db = runtime.data.global;
    const sessions = await identityOf(runtime).sessions.purgeExpired();
    const challenges = await db
      .deleteFrom('two_factor_challenges')
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    const resets = await db
      .deleteFrom('password_resets')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    const setups = await db
      .deleteFrom('setup_tokens')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    log.info(
      {
        sessions,
        challenges: Number(challenges.numDeletedRows),
        password_resets: Number(resets.numDeletedRows),
        setup_tokens: Number(setups.numDeletedRows),
      },
      'expired credentials purged',
    );
  });
  await runtime.jobs.schedules.schedule('identity.purge_expired', '23 * * * *', {});
}
