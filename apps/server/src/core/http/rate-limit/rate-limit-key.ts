import type { Principal } from '../principal.js';
import type { RateLimitGroup } from '../route-config.js';

/**
 * Whose budget a request spends (ARCHITECTURE "API rules"): its API token, else its session's user,
 * else its client address. Per token rather than per user, so one integration cannot starve the
 * same user's other tokens or admin session; a signed-in user keeps one budget across addresses.
 */
export function rateLimitKey(
  group: Exclude<RateLimitGroup, 'none'>,
  principal: Pick<Principal, 'via' | 'userId' | 'tokenId'> | null,
  ip: string,
): string {
  if (principal?.via === 'token' && principal.tokenId !== null) return `${group}:t:${principal.tokenId}`;
  if (principal) return `${group}:u:${principal.userId}`;
  return addressKey(group, ip);
}

/** The budget of a client address: anonymous requests and refused ones spend it. */
export function addressKey(group: Exclude<RateLimitGroup, 'none'>, ip: string): string {
  return `${group}:ip:${ip}`;
}
