import { issueSecret, sha256 } from '../../../core/access/secrets.js';
import { recordActivity } from '../../../core/activity/record.js';
import { type FieldErrors, ValidationFailed } from '../../../core/errors.js';
import { enqueueSiteMail } from '../../../core/mail/mail-job.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { renderSiteMail } from '../../email-templates/module.js';
import type { Client } from '../auth/service.js';
import { identityOf } from '../identity.js';
import { type UserRow, UsersRepo } from '../users/repo.js';
import { MembersRepo } from '../users/repo-members.js';
import { hashPassword, passwordProblems } from './passwords.js';
import { PasswordResetsRepo } from './repo.js';

export const RESET_TOKEN_HOURS = 1;
/** Reset mails one account gets per hour at most; further requests are answered alike and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_JOB = 'identity.password_reset';
const INVALID_TOKEN = 'This reset link is invalid or has expired.';

declare module '../../../core/jobs/job.js' {
  interface JobPayloads {
    /** A reset asked for on the job's site: the email as typed and the address it came from. */
    'identity.password_reset': { email: string; ip: string | null };
  }
}

/** Defines the job that issues reset links; the HTTP request only enqueues it. */
export function definePasswordResetJob(runtime: Runtime): void {
  const resets = new PasswordResetService(runtime);
  runtime.jobs.registry.define(RESET_JOB, (request, { siteId }) => resets.issueLink(siteId, request));
}

/**
 * Password reset by an emailed single-use link. The link carries a random token; only its SHA-256
 * is stored, so a leaked database holds no working links.
 */
export class PasswordResetService {
  constructor(private readonly runtime: Runtime) {}

  /**
   * Asks for a reset link for `email`. The request does the same work whatever the email: it
   * enqueues one job and returns, so neither its answer nor its time tells whether the email has an
   * account. The job (`issueLink`) looks the account up, caps the mails, and queues the mail.
   */
  async requestReset(ctx: OperationContext, email: string, client: Client): Promise<void> {
    const { site } = ctx;
    await this.runtime.data.transaction((tx) =>
      this.runtime.jobs.queue.withData(tx).enqueue(RESET_JOB, { email, ip: client.ip }, { siteId: site.id }),
    );
  }

  /**
   * The job's work: for an active account that may sign in to the site, stores a new link and
   * queues its mail in one transaction, unless the account already got RESET_MAILS_PER_HOUR links
   * this hour. Anything else ends quietly: the person asking was answered long ago.
   */
  async issueLink(siteId: number | null, request: { email: string; ip: string | null }): Promise<void> {
    const site = siteId === null ? null : await this.runtime.siteStore.findById(siteId);
    const found = await new UsersRepo(this.runtime.data.global).findByEmail(request.email);
    if (!site || !found || !(await this.maySignIn(site, found))) return;
    const token = issueSecret(RESET_TOKEN_HOURS * 3_600_000);
    const hourAgo = new Date(Date.parse(token.created_at) - 3_600_000).toISOString();
    await this.runtime.data.transaction(async (tx) => {
      // Locked, so two jobs for one account cannot both see room under the cap.
      const user = await new UsersRepo(tx.global).lockById(found.id, tx.engine);
      if (!user) return;
      const resets = new PasswordResetsRepo(tx.global);
      if ((await resets.countIssuedSince(user.id, hourAgo)) >= RESET_MAILS_PER_HOUR) {
        this.runtime.log.info({ userId: user.id }, 'password reset mail not sent: hourly cap reached');
        return;
      }
      await resets.insert(user.id, token);
      await recordActivity(tx, site.id, {
        userId: user.id,
        action: 'password.reset_requested',
        subjectType: 'user',
        subjectId: user.id,
        ip: request.ip,
      });
      await enqueueSiteMail(
        this.runtime.jobs.queue.withData(tx),
        this.runtime.secrets,
        site,
        await resetMail(this.runtime, site, user, token.secret),
      );
    });
  }

  /**
   * Sets a new password with a reset token: the token is used up, the user's other reset links are
   * cancelled, every session of the user ends and every API token is revoked (whoever knew the old
   * password is signed out). Answers how many tokens were revoked.
   */
  async resetPassword(
    ctx: OperationContext,
    token: string,
    password: string,
    client: Client,
  ): Promise<number> {
    const { site } = ctx;
    const tokenHash = sha256(token);
    const nowIso = new Date().toISOString();
    const global = this.runtime.data.global;
    const reset = await new PasswordResetsRepo(global).findByHash(tokenHash);
    const user =
      reset && !reset.used_at && reset.expires_at > nowIso
        ? await new UsersRepo(global).findById(reset.user_id)
        : undefined;
    const problems: FieldErrors = {};
    if (user?.status !== 'active') problems.token = [INVALID_TOKEN];
    Object.assign(problems, passwordProblems(password, user?.email ?? null));
    if (!user || Object.keys(problems).length > 0) throw new ValidationFailed(problems);

    // argon2 runs before the transaction so the write lock is held only for the writes.
    const passwordHash = await hashPassword(password);
    const { sessions, tokens } = identityOf(this.runtime);
    const tokensRevoked = await this.runtime.data.transaction(async (tx) => {
      const resets = new PasswordResetsRepo(tx.global);
      // Using the token is conditional on it still being unused and live: of two concurrent
      // resets with one link, exactly one wins.
      if (!(await resets.use(tokenHash, nowIso))) throw ValidationFailed.field('token', INVALID_TOKEN);
      await new UsersRepo(tx.global).update(user.id, {
        password_hash: passwordHash,
        password_changed_at: nowIso,
        updated_at: nowIso,
      });
      await resets.cancelOthers(user.id, tokenHash);
      await sessions.withDb(tx.global).endAllOf(user.id);
      const revoked = await tokens.withDb(tx.global).revokeAllOf(user.id);
      await recordActivity(tx, site.id, {
        userId: user.id,
        action: 'password.reset',
        subjectType: 'user',
        subjectId: user.id,
        ip: client.ip,
        details: { tokens_revoked: revoked },
      });
      return revoked;
    });
    this.runtime.caches.forget('access', { userId: user.id });
    if (tokensRevoked > 0) this.runtime.caches.forget('api_tokens', { userId: user.id });
    return tokensRevoked;
  }

  /** The same test as sign-in: an active account that belongs to this site (or a Super Admin). */
  private async maySignIn(site: Site, user: UserRow): Promise<boolean> {
    if (user.status !== 'active') return false;
    if (user.is_super_admin === 1) return true;
    return (await new MembersRepo(this.runtime.data.site(site.id)).find(user.id)) !== undefined;
  }
}

/** The reset mail, from the site's `user.password_reset` template in the user's language. */
async function resetMail(runtime: Runtime, site: Site, user: UserRow, token: string) {
  // PUBLIC_URL rather than the site's primary domain: it is the address the operator configured,
  // with its scheme and port, whereas a site's domain says nothing of either. Accounts are global,
  // so a reset done through any site's admin applies everywhere.
  const link = `${runtime.config.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
  const recipient = { name: user.display_name, email: user.email };
  const mail = await renderSiteMail(runtime, site, 'user.password_reset', user.locale, { recipient, link });
  return { to: user.email, ...mail };
}
