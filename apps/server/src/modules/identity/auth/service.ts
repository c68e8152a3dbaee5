import { recordActivity } from '../../../core/activity/record.js';
import { Forbidden, Unauthenticated } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { identityOf } from '../identity.js';
import { decoyPasswordHash, verifyPassword } from '../password/passwords.js';
import { type UserRow, UsersRepo } from '../users/repo.js';
import { MembersRepo } from '../users/repo-members.js';
import { LoginThrottle } from './login-throttle.js';
import type { SessionRow } from './repo-sessions.js';

export interface Client {
  ip: string;
  userAgent: string | null;
}

export type LoginOutcome =
  | { kind: 'session'; user: UserRow; cookie: string; session: SessionRow }
  | { kind: 'two_factor'; user: UserRow };

/** Sign-in and sign-out for the admin app's sessions. */
export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly runtime: Runtime) {
    this.throttle = new LoginThrottle(runtime.rateLimits);
  }

  /**
   * Checks the password and, unless the user has two-factor authentication, opens a session.
   * An unknown email and a wrong password give the same 401 after the same argon2 work. The attempt
   * is counted by the throttle before the password is checked, so parallel guesses cannot outrun it.
   */
  async login(ctx: OperationContext, email: string, password: string, client: Client): Promise<LoginOutcome> {
    const { site } = ctx;
    const attempt = await this.throttle.begin(email, client.ip);
    await ctx.hooks.doAction('auth.before_login', { email, siteId: site.id, ip: client.ip });
    const user = await new UsersRepo(this.runtime.data.global).findByEmail(email);
    const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), password);
    if (!user || !valid) {
      // An account that does not belong to this site is nobody here: its failure is recorded as an
      // unknown account's, so this site's log never names another site's user.
      const known = user && (await this.belongsTo(site, user)) ? user : null;
      await recordActivity(this.runtime.data, site.id, {
        userId: known?.id ?? null,
        action: 'auth.login_failed',
        subjectType: 'user',
        subjectId: known?.id ?? null,
        ip: client.ip,
        details: { email: email.slice(0, 254) },
      });
      await ctx.hooks.doAction('auth.login_failed', { email, siteId: site.id, ip: client.ip });
      throw new Unauthenticated('The email or password is incorrect.', 'invalid_credentials');
    }
    await attempt.passed();
    if (user.status !== 'active') throw new Forbidden('This account is suspended.', 'account_suspended');
    if (!(await this.belongsTo(site, user))) {
      throw new Forbidden('This account has no access to this site.', 'not_a_member');
    }
    if (user.totp_enabled_at) return { kind: 'two_factor', user };
    return this.openSession(ctx, user, client, 'password');
  }

  /** Opens a session for a user whose credentials (and second factor, if any) were verified. */
  async openSession(
    ctx: OperationContext,
    user: UserRow,
    client: Client,
    method: 'password' | 'two_factor',
  ): Promise<LoginOutcome> {
    const { site } = ctx;
    const { sessions } = identityOf(this.runtime);
    const at = new Date().toISOString();
    const outcome = await this.runtime.data.transaction(async (tx) => {
      await new UsersRepo(tx.global).update(user.id, { last_login_at: at });
      const { cookie, session } = await sessions
        .withDb(tx.global)
        .start(user.id, site.id, { ip: client.ip, userAgent: client.userAgent });
      await recordActivity(tx, site.id, {
        userId: user.id,
        action: 'auth.login',
        subjectType: 'user',
        subjectId: user.id,
        ip: client.ip,
        details: { method },
      });
      return { kind: 'session', user: { ...user, last_login_at: at }, cookie, session } as const;
    });
    // The cached profile view shows last_login_at.
    this.runtime.caches.forget('access', { userId: user.id });
    await ctx.hooks.doAction('auth.logged_in', {
      userId: user.id,
      email: user.email,
      siteId: site.id,
      ip: client.ip,
      method,
    });
    return outcome;
  }

  /** Super Admins belong to every site; anyone else through a membership. */
  private async belongsTo(site: Site, user: UserRow): Promise<boolean> {
    if (user.is_super_admin === 1) return true;
    return (await new MembersRepo(this.runtime.data.site(site.id)).find(user.id)) !== undefined;
  }

  async logout(ctx: OperationContext, userId: number, sessionId: string, client: Client): Promise<void> {
    const { site } = ctx;
    const { sessions } = identityOf(this.runtime);
    await this.runtime.data.transaction(async (tx) => {
      await sessions.withDb(tx.global).end(sessionId);
      await recordActivity(tx, site.id, {
        userId,
        action: 'auth.logout',
        subjectType: 'user',
        subjectId: userId,
        ip: client.ip,
      });
    });
  }
}
