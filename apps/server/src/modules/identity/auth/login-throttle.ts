import { TooManyRequests } from '../../../core/errors.js';
import type { RateLimitStore } from '../../../core/http/rate-limit/store.js';

const WINDOW_MS = 15 * 60_000;
/**
 * Failures allowed within the window: at one account from addresses that never signed in to it, at
 * one account from one address that did, and from one address at any accounts.
 */
export const ACCOUNT_FAILURES = 5;
export const KNOWN_ADDRESS_FAILURES = 5;
export const ADDRESS_FAILURES = 20;
/** How long an address that signed in to an account is remembered as the owner's. */
const KNOWN_FOR_MS = 30 * 24 * 3_600_000;
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
 * Slows password guessing: after too many failed attempts at one account, or from one address,
 * further attempts get 429, saying how long to wait, until the window passes. Counters live in the
 * rate-limit store, so several instances share them when Redis is configured.
 *
 * Whoever knows an email must not lock its owner out: failures from addresses that never signed in
 * to the account share one counter, but an address that did (the owner's, remembered 30 days) has a
 * counter of its own, so the owner still signs in from there while a stranger hammers the account.
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
    const known = (await this.store.peek(knownKey(email, ip))) !== null;
    const account = known
      ? { key: `${accountKey(email)}:from:${ip}`, limit: KNOWN_ADDRESS_FAILURES }
      : { key: accountKey(email), limit: ACCOUNT_FAILURES };
    const windows = await Promise.all(
      [account, { key: addressKey(ip), limit: ADDRESS_FAILURES }].map(async (counter) => ({
        ...counter,
        ...(await this.store.hit(counter.key, WINDOW_MS)),
      })),
    );
    const passes = await Promise.all(windows.map((window) => this.store.peek(passedKey(window))));
    const over = windows.filter((window, i) => window.count - (passes[i]?.count ?? 0) > window.limit);
    const until = Math.max(0, ...over.map((window) => window.resetAt));
    if (until > Date.now()) {
      const seconds = (until - Date.now()) / 1000;
      throw new TooManyRequests(
        seconds,
        `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} min.`,
        'login_throttled',
      );
    }
    return {
      passed: async () => {
        await Promise.all([
          ...windows.map((window) =>
            this.store.hit(passedKey(window), Math.max(1, window.resetAt - Date.now())),
          ),
          this.store.hit(knownKey(email, ip), KNOWN_FOR_MS),
        ]);
      },
    };
  }
}

const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `login:ip:${ip}`;
const knownKey = (email: string, ip: string) => `login:known:${email.trim().toLowerCase()}:${ip}`;
const passedKey = (window: { key: string; resetAt: number }) =>
  `${window.key}:passed:${Math.round(window.resetAt / WINDOW_ID_MS)}`;
