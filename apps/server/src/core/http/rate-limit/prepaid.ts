import { randomBytes } from 'node:crypto';

/** The header a prepaid request carries its pass in. */
export const PREPAID_HEADER = 'x-tessera-prepaid';

/** Live passes, each with the budget key (`upload:u:7`) it was paid from. */
const passes = new Map<string, string>();

/**
 * A pass for one request the server makes to itself (`app.inject`) for a caller whose budget it has
 * already charged, so the rate-limit hook does not count that request a second time. The MCP upload
 * from a URL needs it: it spends the caller's `upload` request before it downloads anything (or a
 * burst of calls would each reach out to the source), then posts the bytes to the upload route.
 *
 * A pass is 128 random bits held in this process only, good for one request spending the very
 * budget it was paid from (the same group and user), and gone once used or revoked: a client can
 * neither guess one nor replay one it saw. Revoke it in a `finally`, in case the request never
 * reached the hook.
 */
export function issuePrepaidPass(budgetKey: string): { value: string; revoke(): void } {
  const value = randomBytes(16).toString('hex');
  passes.set(value, budgetKey);
  return { value, revoke: () => void passes.delete(value) };
}

/** True, once, for a live pass paid from `budgetKey`; the hook then lets the request through uncounted. */
export function redeemPrepaidPass(header: unknown, budgetKey: string): boolean {
  if (typeof header !== 'string' || passes.get(header) !== budgetKey) return false;
  passes.delete(header);
  return true;
}
