import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { FieldErrors } from '../../../core/errors.js';
import { commonPasswords } from './common-passwords.js';

// OWASP's recommended argon2id profile: 19 MiB of memory, 2 passes, 1 lane.
const ARGON2ID = 2 as Algorithm;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so an unknown
 * email costs the same time as a wrong password and timing reveals nothing.
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}

/** Field errors for a new password, or none; `field` names the request field it came from. */
export function passwordProblems(password: string, email: string | null, field = 'password'): FieldErrors {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH)
    problems.push(`Must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH)
    problems.push(`Must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) problems.push('Is too common; choose a password that is hard to guess.');
  else if (email && lowered === email.toLowerCase()) problems.push('Must not be your email address.');
  else if (/^(.)\1+$/.test(password)) problems.push('Must not repeat one character.');
  return problems.length > 0 ? { [field]: problems } : {};
}
