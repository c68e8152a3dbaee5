/** How long a failed job waits before its next attempt. */
export interface Backoff {
  /** Delay after the first failure; each further failure doubles it. */
  baseSeconds: number;
  /** Ceiling, so a job that keeps failing still runs again within a bounded time. */
  maxSeconds: number;
}

export const defaultBackoff: Backoff = { baseSeconds: 15, maxSeconds: 3600 };

/** Seconds to wait after the `attempt`-th run (1 for the first) failed: base, 2 x base, 4 x base, ... */
export function retryDelaySeconds(attempt: number, backoff: Backoff = defaultBackoff): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(backoff.maxSeconds, backoff.baseSeconds * 2 ** exponent);
}
