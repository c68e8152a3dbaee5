import { TooManyRequests } from '../../../core/errors.js';
import type { RateLimitStore } from '../../../core/http/rate-limit/store.js';

const WINDOW_MS = 15 * 60_000;
/** Failures allowed per account, then per client address, within the window. */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
/**
 * Passed attempts are counted under a key naming their window's end, rounded to this: Redis reports
 * the end with a few milliseconds of jitter. A rare rounding split only makes the check stricter.
 */
const WINDOW_ID_MS = 10_000;

/** One counted attempt; `passed()` takes it off the failures once the secret proved right. */
export interface LoginAttempt {
  passed(): Promise<void>;
}

/**
 * Slows password guessing: after too many failed attempts for one account, or from one address,
 * further attempts get 429 until the window passes. Counters live in the rate-limit store, so
 * several instances share them when Redis is configured.
 *
 * Every attempt is counted with the store's atomic increment BEFORE the secret is checked, so
 * parallel guesses cannot all slip past one read of the counter: the sixth of six simultaneous
 * guesses at one account sees a count of six. Attempts that then pass are counted again under a
 * second key of the same window, and failures are the difference (attempts still in flight count
 * as failures until they pass).
 */
export class LoginThrottle {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts an attempt at `email` from `ip`; throws 429 (with Retry-After) when either is over its limit. */
  async begin(email: string, ip: string): Promise<LoginAttempt> {
    const windows = await Promise.all(
      [
        { key: accountKey(email), limit: ACCOUNT_FAILURES },
        { key: addressKey(ip), limit: ADDRESS_FAILURES },
      ].map(async (counter) => ({ ...counter, ...(await this.store.hit(counter.key, WINDOW_MS)) })),
    );
    const passes = await Promise.all(windows.map((window) => this.store.peek(passedKey(window))));
    const over = windows.filter((window, i) => window.count - (passes[i]?.count ?? 0) > window.limit);
    const until = Math.max(0, ...over.map((window) => window.resetAt));
    if (until > Date.now()) {
      throw new TooManyRequests(
        (until - Date.now()) / 1000,
        'Too many failed sign-in attempts. Try again later.',
        'login_throttled',
      );
    }
    return {
      passed: async () => {
        await Promise.all(
          windows.map((window) =>
            this.store.hit(passedKey(window), Math.max(1, window.resetAt - Date.now())),
          ),
        );
      },
    };
  }
}

const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `login:ip:${ip}`;
const passedKey = (window: { key: string; resetAt: number }) =>
  `${window.key}:passed:${Math.round(window.resetAt / WINDOW_ID_MS)}`;
