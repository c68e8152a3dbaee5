import { issueSecret, sha256 } from '../../core/access/secrets.js';
import { type FieldErrors, ValidationFailed } from '../../core/errors.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { recordActivity } from '../activity/activity-log.js';
import type { Client } from './auth-service.js';
import { identityOf } from './identity.js';
import { hashPassword, passwordProblems } from './passwords.js';
import { MembersRepo } from './repo-members.js';
import { type UserRow, UsersRepo } from './repo-users.js';

export const RESET_TOKEN_HOURS = 1;
const INVALID_TOKEN = 'This reset link is invalid or has expired.';

/**
 * Password reset by an emailed single-use link. The link carries a random token; only its SHA-256
 * is stored, so a leaked database holds no working links.
 */
export class PasswordResetService {
  constructor(private readonly runtime: Runtime) {}

  /**
   * Starts a reset for the account with `email`, if there is one that may sign in to this site.
   * The caller answers the same whatever happens here, so nobody learns which emails have accounts.
   */
  async requestReset(site: Site, email: string, client: Client): Promise<void> {
    // Made before the lookup, for known and unknown emails alike, so both cost the same work.
    const token = issueSecret(RESET_TOKEN_HOURS * 3_600_000);
    const user = await new UsersRepo(this.runtime.data.global).findByEmail(email);
    if (!user || !(await this.maySignIn(site, user))) return;

    await this.runtime.data.transaction(async (tx) => {
      await tx.global
        .insertInto('password_resets')
        .values({
          token_hash: token.hash,
          user_id: user.id,
          expires_at: token.expires_at,
          used_at: null,
          created_at: token.created_at,
        })
        .execute();
      await recordActivity(tx, site.id, {
        userId: user.id,
        action: 'password.reset_requested',
        subjectType: 'user',
        subjectId: user.id,
        ip: client.ip,
      });
    });

    // After commit and not awaited: a slow or failing SMTP server must neither hold the request open
    // nor make a known email answer differently (in time or status) from an unknown one. The mailer
    // finishes pending sends before the runtime closes.
    this.runtime.mailer.send(resetMail(this.runtime, site, user, token.secret)).catch((error: unknown) => {
      this.runtime.log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
    });
  }

  /**
   * Sets a new password with a reset token: the token is used up, the user's other reset links are
   * cancelled and every session of the user ends (whoever knew the old password is signed out).
   */
  async resetPassword(site: Site, token: string, password: string, client: Client): Promise<void> {
    const tokenHash = sha256(token);
    const nowIso = new Date().toISOString();
    const global = this.runtime.data.global;
    const reset = await global
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
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
    await this.runtime.data.transaction(async (tx) => {
      // Using the token is conditional on it still being unused and live: of two concurrent
      // resets with one link, exactly one wins.
      const used = await tx.global
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw ValidationFailed.field('token', INVALID_TOKEN);
      await new UsersRepo(tx.global).update(user.id, {
        password_hash: passwordHash,
        password_changed_at: nowIso,
        updated_at: nowIso,
      });
      await tx.global
        .deleteFrom('password_resets')
        .where('user_id', '=', user.id)
        .where('token_hash', '!=', tokenHash)
        .where('used_at', 'is', null)
        .execute();
      await identityOf(this.runtime).sessions.withDb(tx.global).endAllOf(user.id);
      await recordActivity(tx, site.id, {
        userId: user.id,
        action: 'password.reset',
        subjectType: 'user',
        subjectId: user.id,
        ip: client.ip,
      });
    });
    identityOf(this.runtime).resolver.forgetUser(user.id);
  }

  /** The same test as sign-in: an active account that belongs to this site (or a Super Admin). */
  private async maySignIn(site: Site, user: UserRow): Promise<boolean> {
    if (user.status !== 'active') return false;
    if (user.is_super_admin === 1) return true;
    return (await new MembersRepo(this.runtime.data.site(site.id)).find(user.id)) !== undefined;
  }
}

function resetMail(runtime: Runtime, site: Site, user: UserRow, token: string) {
  // PUBLIC_URL rather than the site's primary domain: it is the address the operator configured,
  // with its scheme and port, whereas a site's domain says nothing of either. Accounts are global,
  // so a reset done through any site's admin applies everywhere.
  const link = `${runtime.config.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
  const text = [
    `Hello ${user.display_name},`,
    '',
    `Someone asked to reset the password of your account on ${site.name}.`,
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(user.display_name)},</p>
<p>Someone asked to reset the password of your account on ${escapeHtml(site.name)}.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once. If you did not ask for this, ignore this message: your password stays as it is.</p>`;
  return { to: user.email, subject: `Reset your password for ${site.name}`, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
