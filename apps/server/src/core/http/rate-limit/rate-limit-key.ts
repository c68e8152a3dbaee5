import type { Config } from '../../config.js';
import type { Principal } from '../principal.js';
import type { RateLimitGroup } from '../route-config.js';

/** A budget the limiter counts: a route's group of spec 8, or `session` for the admin app. */
export type CountedGroup = keyof Config['rateLimits'];

/**
 * Which budget a request spends, and whose (ARCHITECTURE "API rules"). The client is the user, not
 * each of their tokens: all of a user's tokens share one budget per group, whatever address they
 * come from. Session requests (the admin app, which fires bursts of lists, heartbeats and autosaves)
 * spend the user's `session` budget instead, whatever the route's group. Anonymous requests spend
 * their address's.
 */
export function rateLimitBudget(
  group: Exclude<RateLimitGroup, 'none'>,
  principal: Pick<Principal, 'via' | 'userId'> | null,
  ip: string,
): { group: CountedGroup; key: string } {
  if (principal?.via === 'session') return { group: 'session', key: `session:u:${principal.userId}` };
  if (principal) return { group, key: `${group}:u:${principal.userId}` };
  return { group, key: addressKey(group, ip) };
}

/** The budget of a client address: anonymous requests and refused ones spend it. */
export function addressKey(group: CountedGroup, ip: string): string {
  return `${group}:ip:${ip}`;
}
