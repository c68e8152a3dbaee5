import { issueSecret, sha256 } from '../../../core/access/secrets.js';
import type { Data } from '../../../core/db/data.js';
import type { TwoFactorChallengeTable } from '../tables.js';
import { TwoFactorRepo } from './repo.js';

/** How long the second step of a sign-in may take, and how many wrong codes it tolerates. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_ATTEMPTS = 5;

/**
 * After a correct password, a user with two-factor authentication gets a challenge instead of a
 * session: a single-use secret (stored hashed) that POST /api/auth/two-factor redeems with a code.
 */
export async function startTwoFactorChallenge(data: Data, userId: number, siteId: number): Promise<string> {
  const challenge = issueSecret(CHALLENGE_MINUTES * 60_000);
  await new TwoFactorRepo(data.global).insertChallenge({
    token_hash: challenge.hash,
    user_id: userId,
    site_id: siteId,
    attempts: 0,
    expires_at: challenge.expires_at,
    created_at: challenge.created_at,
  });
  return challenge.secret;
}

/**
 * The live challenge's row for a presented secret, or null when unknown, expired, used up, or
 * started on another site than `siteId`.
 */
export async function findTwoFactorChallenge(
  data: Data,
  challenge: string,
  siteId: number,
): Promise<TwoFactorChallengeTable | null> {
  const row = await new TwoFactorRepo(data.global).findChallenge(sha256(challenge), siteId);
  if (!row || row.expires_at <= new Date().toISOString() || row.attempts >= CHALLENGE_ATTEMPTS) return null;
  return row;
}
