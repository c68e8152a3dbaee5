/** How long a failed job waits before its next attempt. */
export interface Backoff {
  /** Delay after the first failure; each further failure doubles it. */
  baseSeconds: number;
  /** Ceiling, so a job that keeps failing still runs again within a bounded time. */
  maxSeconds: number;
  /**
   * Share of the delay (0 to 1) taken off at random, so jobs that failed together (a webhook target
   * that was down) do not all come back at the same moment. Default 0.
   */
  jitter?: number;
}

/** Seconds to wait after the `attempt`-th run (1 for the first) failed. */
export type RetryDelay = (attempt: number) => number;

/** A job kind's retry timing: exponential backoff, or a function of the attempt. */
export type RetryBackoff = Backoff | RetryDelay;

export const defaultBackoff: Backoff = { baseSeconds: 15, maxSeconds: 3600 };

/**
 * Seconds to wait after the `attempt`-th run (1 for the first) failed: base, 2 x base, 4 x base, ...
 * up to the ceiling, less up to `jitter` of it at random. A function's answer is used as given,
 * floored at zero.
 */
export function retryDelaySeconds(
  attempt: number,
  backoff: RetryBackoff = defaultBackoff,
  random: () => number = Math.random,
): number {
  if (typeof backoff === 'function') {
    const seconds = backoff(attempt);
    return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  }
  const exponent = Math.max(0, attempt - 1);
  const delay = Math.min(backoff.maxSeconds, backoff.baseSeconds * 2 ** exponent);
  const jitter = backoff.jitter ?? 0;
  return jitter > 0 ? delay * (1 - jitter * random()) : delay;
}

/** Throws unless the backoff can be used; job definitions are checked when they are made. */
export function assertValidBackoff(backoff: RetryBackoff, what: string): void {
  if (typeof backoff === 'function') return;
  const { baseSeconds, maxSeconds, jitter = 0 } = backoff;
  if (!(baseSeconds >= 0) || !(maxSeconds >= baseSeconds)) {
    throw new Error(`${what}: backoff needs baseSeconds >= 0 and maxSeconds >= baseSeconds.`);
  }
  if (!(jitter >= 0 && jitter <= 1)) throw new Error(`${what}: backoff jitter must be from 0 to 1.`);
}
