import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random, URL-safe secret of `bytes` bytes of entropy. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Secrets that are looked up (session ids, API tokens, reset links) are stored as SHA-256: they
 * already carry 256 bits of entropy, so a slow hash would add cost without adding safety.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A single-use secret to hand out (setup links, reset links, sign-in challenges) and what to store of it. */
export interface IssuedSecret {
  /** Goes to the person, once; never stored. */
  secret: string;
  /** Stored, and looked up when the secret comes back. */
  hash: string;
  created_at: string;
  expires_at: string;
}

export function issueSecret(lifetimeMs: number, at = new Date()): IssuedSecret {
  const secret = randomSecret(32);
  return {
    secret,
    hash: sha256(secret),
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + lifetimeMs).toISOString(),
  };
}
