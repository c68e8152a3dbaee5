import { describe, expect, it } from 'vitest';
import type { Principal } from '../principal.js';
import { rateLimitKey } from './rate-limit-key.js';

// Only the fields the key reads; the rest of a Principal (session id, CSRF token) must not matter.
type KeyedPrincipal = Pick<Principal, 'via' | 'userId' | 'tokenId'>;
const byToken: KeyedPrincipal = { userId: 7, via: 'token', tokenId: 42 };
const bySession: KeyedPrincipal = { userId: 7, via: 'session', tokenId: null };

describe('rateLimitKey', () => {
  it('keys an API token request by its token, not its user', () => {
    expect(rateLimitKey('general', byToken, '203.0.113.7')).toBe('general:t:42');
  });

  it('keys a session request by its user', () => {
    expect(rateLimitKey('upload', bySession, '203.0.113.7')).toBe('upload:u:7');
  });

  it('keys an anonymous request by its client address', () => {
    expect(rateLimitKey('search', null, '203.0.113.7')).toBe('search:ip:203.0.113.7');
    expect(rateLimitKey('general', null, '2001:db8::1')).toBe('general:ip:2001:db8::1');
  });

  it('gives two tokens of one user separate budgets, and a token and the session too', () => {
    const other: KeyedPrincipal = { ...byToken, tokenId: 43 };
    const keys = new Set([byToken, other, bySession].map((p) => rateLimitKey('general', p, '203.0.113.7')));
    expect(keys.size).toBe(3);
  });

  it('keeps groups apart for the same principal', () => {
    expect(rateLimitKey('general', byToken, 'x')).not.toBe(rateLimitKey('search', byToken, 'x'));
  });
});
