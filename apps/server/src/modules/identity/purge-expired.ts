import type { Runtime } from '../../core/runtime.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { identityOf } from './identity.js';
import { PasswordResetsRepo } from './password/repo.js';
import { TwoFactorRepo } from './two-factor/repo.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'identity.purge_expired': Record<string, never>;
  }
}

/**
 * Expired credentials are refused when presented, but their rows would pile up: an hourly job
 * deletes expired sessions (the admin's and visitors' of the public site) and sign-in challenges,
 * and used or expired reset links. (Setup links are the sites module's, which purges them the same
 * way.)
 */
export async function scheduleCredentialPurge(runtime: Runtime): Promise<void> {
  runtime.jobs.registry.define('identity.purge_expired', async (_payload, { log }) => {
    const nowIso = new Date().toISOString();
    const db = runtime.data.global;
    const sessions = await identityOf(runtime).sessions.purgeExpired();
    const challenges = await new TwoFactorRepo(db).purgeExpiredChallenges(nowIso);
    const resets = await new PasswordResetsRepo(db).purgeSpent(nowIso);
    const visitorSessions = await visitorSessionsOf(runtime).purgeExpired();
    log.info(
      { sessions, challenges, password_resets: resets, visitor_sessions: visitorSessions },
      'expired credentials purged',
    );
  });
  await runtime.jobs.schedules.schedule('identity.purge_expired', '23 * * * *', {});
}
