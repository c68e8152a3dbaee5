import type { Kysely } from 'kysely';
import type { GlobalTables } from '../../../core/db/schema.js';
import type { TwoFactorChallengeTable } from '../tables.js';

/** Sign-in challenges, the TOTP step last used, and recovery codes (all secrets stored hashed). */
export class TwoFactorRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  async insertChallenge(challenge: TwoFactorChallengeTable): Promise<void> {
    await this.db.insertInto('two_factor_challenges').values(challenge).execute();
  }

  findChallenge(tokenHash: string, siteId: number): Promise<TwoFactorChallengeTable | undefined> {
    return this.db
      .selectFrom('two_factor_challenges')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
  }

  /** Deletes the challenge; false when another request deleted (redeemed) it first. */
  async deleteChallenge(tokenHash: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('two_factor_challenges')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  }

  async countFailedAttempt(tokenHash: string): Promise<void> {
    await this.db
      .updateTable('two_factor_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async purgeExpiredChallenges(nowIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('two_factor_challenges')
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Records `step` as the user's last TOTP step unless it (or a later one) already was: no replays. */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks the unused recovery code of that hash used; false when there is none. */
  async useRecoveryCode(userId: number, codeHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteRecoveryCodes(userId: number): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  /** The user's recovery codes become exactly these (hashes). */
  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
    await this.deleteRecoveryCodes(userId);
    await this.db
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
  }
}
