import type { Kysely } from 'kysely';
import { issueSecret, sha256 } from '../../../core/access/secrets.js';
import type { GlobalTables, Timestamp } from '../../../core/db/schema.js';
import type { Runtime } from '../../../core/runtime.js';

export interface TwoFactorChallengeTable {
  token_hash: string;
  user_id: number;
  /** The site the sign-in started on; the challenge is redeemed only there. */
  site_id: number;
  attempts: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

declare module '../../../core/db/schema.js' {
  interface GlobalTables {
    two_factor_challenges: TwoFactorChallengeTable;
  }
}

/** How long the second step of a sign-in may take, and how many wrong codes it tolerates. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_ATTEMPTS = 5;

/**
 * After a correct password, a user with two-factor authentication gets a challenge instead of a
 * session: a single-use secret (stored hashed) that POST /api/auth/two-factor redeems with a code.
 */
export async function startTwoFactorChallenge(
  runtime: Runtime,
  userId: number,
  siteId: number,
): Promise<string> {
  const challenge = issueSecret(CHALLENGE_MINUTES * 60_000);
  await runtime.data.global
    .insertInto('two_factor_challenges')
    .values({
      token_hash: challenge.hash,
      user_id: userId,
      site_id: siteId,
      attempts: 0,
      expires_at: challenge.expires_at,
      created_at: challenge.created_at,
    })
    .execute();
  return challenge.secret;
}

/**
 * The live challenge's row for a presented secret, or null when unknown, expired, used up, or
 * started on another site than `siteId`.
 */
export async function findTwoFactorChallenge(
  db: Kysely<GlobalTables>,
  challenge: string,
  siteId: number,
): Promise<TwoFactorChallengeTable | null> {
  const row = await db
    .selectFrom('two_factor_challenges')
    .selectAll()
    .where('token_hash', '=', sha256(challenge))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row || row.expires_at <= new Date().toISOString() || row.attempts >= CHALLENGE_ATTEMPTS) return null;
  return row;
}
