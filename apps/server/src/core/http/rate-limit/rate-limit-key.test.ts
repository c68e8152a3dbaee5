import { describe, expect, it } from 'vitest';
import type { Principal } from '../principal.js';
import { rateLimitBudget } from './rate-limit-key.js';

// Only the fields the budget reads; the rest of a Principal (token id, session id) must not matter.
type KeyedPrincipal = Pick<Principal, 'via' | 'userId' | 'tokenId'>;
const byToken: KeyedPrincipal = { userId: 7, via: 'token', tokenId: 42 };
const bySession: KeyedPrincipal = { userId: 7, via: 'session', tokenId: null };

describe('rateLimitBudget', () => {
  it('keys an API token request by its user, in the route group', () => {
    expect(rateLimitBudget('general', byToken, '203.0.113.7')).toEqual({
      group: 'general',
      key: 'general:u:7',
    });
    expect(rateLimitBudget('upload', byToken, '203.0.113.7')).toEqual({ group: 'upload', key: 'upload:u:7' });
  });

  it('gives every token of one user the same budget', () => {
    const other: KeyedPrincipal = { ...byToken, tokenId: 43 };
    expect(rateLimitBudget('general', other, '198.51.100.1')).toEqual(
      rateLimitBudget('general', byToken, '203.0.113.7'),
    );
  });

  it('counts a session request in the session group of its user, whatever the route group', () => {
    for (const group of ['general', 'upload', 'search'] as const) {
      expect(rateLimitBudget(group, bySession, '203.0.113.7')).toEqual({
        group: 'session',
        key: 'session:u:7',
      });
    }
  });

  it('keys an anonymous request by its client address', () => {
    expect(rateLimitBudget('search', null, '203.0.113.7').key).toBe('search:ip:203.0.113.7');
    expect(rateLimitBudget('general', null, '2001:db8::1').key).toBe('general:ip:2001:db8::1');
  });

  it('keeps groups apart for the same user', () => {
    expect(rateLimitBudget('general', byToken, 'x').key).not.toBe(
      rateLimitBudget('search', byToken, 'x').key,
    );
  });
});
