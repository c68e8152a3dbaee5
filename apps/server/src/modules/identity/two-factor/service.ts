import { randomBytes } from 'node:crypto';
import { sha256 } from '../../../core/access/secrets.js';
import { recordActivity } from '../../../core/activity/record.js';
import type { Data } from '../../../core/db/data.js';
import { Conflict, Forbidden, NotFound, Unauthenticated, ValidationFailed } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { type Site, systemNameOf } from '../../../core/sites/site.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { AuthService, type Client, type LoginOutcome } from '../auth/service.js';
import { verifyPassword } from '../password/passwords.js';
import { type UserRow, UsersRepo } from '../users/repo.js';
import { findTwoFactorChallenge } from './challenge.js';
import { TwoFactorRepo } from './repo.js';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUrl } from './totp.js';

export const RECOVERY_CODE_COUNT = 10;

/**
 * Two-factor authentication: TOTP from an authenticator app, with one-time recovery codes for a
 * lost device. Setting up takes two steps (setup, then enable with a first code) so a secret the
 * user never scanned cannot lock them out.
 */
export class TwoFactorService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly runtime: Runtime) {
    this.throttle = new LoginThrottle(runtime.rateLimits);
  }

  /** A new secret, kept but not in force until `enable` proves the app has it. */
  async setup(
    ctx: OperationContext,
    userId: number,
    client: Client,
  ): Promise<{ secret: string; otpauth_url: string }> {
    const { site } = ctx;
    const user = await this.user(userId);
    if (user.totp_enabled_at) {
      throw new Conflict(
        'Two-factor authentication is already on; turn it off first to change the device.',
        'two_factor_already_enabled',
      );
    }
    const secret = newTotpSecret();
    await this.runtime.data.transaction(async (tx) => {
      await new UsersRepo(tx.global).update(userId, {
        totp_secret: this.runtime.secrets.seal(secret),
        totp_last_step: null,
        updated_at: new Date().toISOString(),
      });
      await this.record(tx, site, userId, 'two_factor.setup_started', client);
    });
    return { secret, otpauth_url: otpauthUrl(systemNameOf(site), user.email, secret) };
  }

  /** Turns two-factor on with a first code from the app; returns the recovery codes, shown this once. */
  async enable(ctx: OperationContext, userId: number, code: string, client: Client): Promise<string[]> {
    const { site } = ctx;
    const user = await this.user(userId);
    if (user.totp_enabled_at)
      throw new Conflict('Two-factor authentication is already on.', 'two_factor_already_enabled');
    if (!user.totp_secret)
      throw new Conflict('Start with POST /api/me/two-factor/setup.', 'two_factor_not_set_up');
    const step = matchTotp(this.seed(user.totp_secret), normalizeTotp(code), Date.now(), user.totp_last_step);
    if (step === null)
      throw ValidationFailed.field('code', 'The code is incorrect or has expired.', 'invalid_code');
    const codes = await this.runtime.data.transaction(async (tx) => {
      if (!(await claimStep(tx, userId, step)))
        throw ValidationFailed.field('code', 'This code was already used.', 'invalid_code');
      await new UsersRepo(tx.global).update(userId, {
        totp_enabled_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
      const fresh = await replaceRecoveryCodes(tx, userId);
      await this.record(tx, site, userId, 'two_factor.enabled', client);
      return fresh;
    });
    this.runtime.caches.forget('access', { userId: userId });
    return codes;
  }

  /** Turns two-factor off (or abandons a setup); the current password is required. */
  async disable(ctx: OperationContext, userId: number, password: string, client: Client): Promise<void> {
    const { site } = ctx;
    const user = await this.user(userId);
    if (!user.totp_secret && !user.totp_enabled_at)
      throw new Conflict('Two-factor authentication is not on.', 'two_factor_not_enabled');
    await this.confirmPassword(user, password, client);
    await this.runtime.data.transaction(async (tx) => {
      await new UsersRepo(tx.global).update(userId, {
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: new Date().toISOString(),
      });
      await new TwoFactorRepo(tx.global).deleteRecoveryCodes(userId);
      await this.record(tx, site, userId, 'two_factor.disabled', client);
    });
    this.runtime.caches.forget('access', { userId: userId });
  }

  /** New recovery codes in place of all the old ones; the current password is required. */
  async regenerateRecoveryCodes(
    ctx: OperationContext,
    userId: number,
    password: string,
    client: Client,
  ): Promise<string[]> {
    const { site } = ctx;
    const user = await this.user(userId);
    if (!user.totp_enabled_at)
      throw new Conflict('Two-factor authentication is not on.', 'two_factor_not_enabled');
    await this.confirmPassword(user, password, client);
    return this.runtime.data.transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, userId);
      await this.record(tx, site, userId, 'two_factor.recovery_codes_regenerated', client);
      return codes;
    });
  }

  /**
   * The second step of sign-in: redeems the challenge from POST /api/auth/login with a TOTP code or
   * an unused recovery code, then opens the session as a password login does. Wrong codes count
   * against the challenge and against the login throttle, so codes cannot be guessed at length.
   */
  async completeSignIn(
    ctx: OperationContext,
    challenge: string,
    code: string,
    client: Client,
  ): Promise<LoginOutcome> {
    const { site } = ctx;
    const live = await findTwoFactorChallenge(this.runtime.data, challenge, site.id);
    const user = live ? await new UsersRepo(this.runtime.data.global).findById(live.user_id) : undefined;
    if (!live || !user?.totp_secret || !user.totp_enabled_at) {
      throw new Unauthenticated('The sign-in has expired or is unknown; sign in again.', 'invalid_challenge');
    }
    const attempt = await this.throttle.begin(user.email, client.ip);
    if (user.status !== 'active') throw new Forbidden('This account is suspended.', 'account_suspended');

    const method = /^\d{6}$/.test(normalizeTotp(code)) ? 'totp' : 'recovery_code';
    const step =
      method === 'totp'
        ? matchTotp(this.seed(user.totp_secret), normalizeTotp(code), Date.now(), user.totp_last_step)
        : null;
    const passed = await this.runtime.data.transaction(async (tx) => {
      // Claims are conditional updates, so two requests racing with one code cannot both pass.
      const claimed =
        step !== null
          ? await claimStep(tx, user.id, step)
          : method === 'recovery_code' && (await useRecoveryCode(tx, user.id, code));
      if (!claimed) return false;
      // Another request redeemed the challenge meanwhile: throwing rolls the claim back.
      if (!(await new TwoFactorRepo(tx.global).deleteChallenge(sha256(challenge)))) {
        throw new Unauthenticated(
          'The sign-in has expired or is unknown; sign in again.',
          'invalid_challenge',
        );
      }
      await this.record(tx, site, user.id, 'auth.two_factor_passed', client, { method });
      return true;
    });
    if (!passed) {
      await this.runtime.data.transaction(async (tx) => {
        await new TwoFactorRepo(tx.global).countFailedAttempt(sha256(challenge));
        await this.record(tx, site, user.id, 'auth.two_factor_failed', client, { method });
      });
      throw new Unauthenticated('The code is incorrect or was already used.', 'invalid_code');
    }
    await attempt.passed();
    return new AuthService(this.runtime).openSession(ctx, user, client, 'two_factor');
  }

  /** The TOTP seed, stored sealed so a copy of the database alone cannot generate codes. */
  private seed(stored: string): Buffer {
    return base32Decode(this.runtime.secrets.open(stored));
  }

  private async user(userId: number): Promise<UserRow> {
    const user = await new UsersRepo(this.runtime.data.global).findById(userId);
    if (!user) throw new NotFound('User');
    return user;
  }

  /** Wrong passwords here feed the login throttle too: a stolen session must not become a guessing oracle. */
  private async confirmPassword(user: UserRow, password: string, client: Client): Promise<void> {
    const attempt = await this.throttle.begin(user.email, client.ip);
    if (await verifyPassword(user.password_hash, password)) return attempt.passed();
    throw ValidationFailed.field('password', 'The password is incorrect.', 'invalid_password');
  }

  private record(
    tx: Data,
    site: Site,
    userId: number,
    action: string,
    client: Client,
    details?: Record<string, unknown>,
  ) {
    return recordActivity(tx, site.id, {
      userId,
      action,
      subjectType: 'user',
      subjectId: userId,
      ip: client.ip,
      details,
    });
  }
}

function claimStep(tx: Data, userId: number, step: number): Promise<boolean> {
  return new TwoFactorRepo(tx.global).claimStep(userId, step);
}

function useRecoveryCode(tx: Data, userId: number, code: string): Promise<boolean> {
  return new TwoFactorRepo(tx.global).useRecoveryCode(
    userId,
    sha256(normalizeRecoveryCode(code)),
    new Date().toISOString(),
  );
}

/** Replaces the user's recovery codes with new ones (stored hashed); returns them in clear, once. */
async function replaceRecoveryCodes(tx: Data, userId: number): Promise<string[]> {
  // 10 base32 characters: 50 bits each, ample for single-use codes behind the login throttle.
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await new TwoFactorRepo(tx.global).replaceRecoveryCodes(
    userId,
    codes.map((code) => sha256(normalizeRecoveryCode(code))),
  );
  return codes;
}

/** Apps show codes as "123 456"; people paste them with the space. */
function normalizeTotp(code: string): string {
  return code.replace(/\s/g, '');
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}
