import { TooManyRequests } from '../../core/errors.js';
import type { RateLimitStore } from '../../core/http/rate-limit/store.js';

const WINDOW_MS = 15 * 60_000;
/** Failures allowed per account, then per client address, within the window. */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 20;

/**
 * Slows password guessing: after too many failed logins for one account, or from one address,
 * further attempts get 429 until the window passes. Counters live in the rate-limit store, so
 * several instances share them when Redis is configured.
 */
export class LoginThrottle {
  constructor(private readonly store: RateLimitStore) {}

  /** Throws 429 (with Retry-After) when the account or the address has failed too often. */
  async check(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([
      this.store.peek(accountKey(email)),
      this.store.peek(addressKey(ip)),
    ]);
    const blocked = [
      account && account.count >= ACCOUNT_FAILURES ? account.resetAt : 0,
      address && address.count >= ADDRESS_FAILURES ? address.resetAt : 0,
    ];
    const until = Math.max(...blocked);
    if (until > Date.now()) {
      throw new TooManyRequests(
        (until - Date.now()) / 1000,
        'Too many failed sign-in attempts. Try again later.',
        'login_throttled',
      );
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.hit(accountKey(email), WINDOW_MS),
      this.store.hit(addressKey(ip), WINDOW_MS),
    ]);
  }
}

const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `login:ip:${ip}`;
