import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './backoff.js';

describe('retryDelaySeconds', () => {
  it('doubles from the base after each failed attempt', () => {
    const backoff = { baseSeconds: 10, maxSeconds: 10_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelaySeconds(attempt, backoff))).toEqual([
      10, 20, 40, 80, 160,
    ]);
  });

  it('stops growing at the ceiling', () => {
    expect(retryDelaySeconds(30, { baseSeconds: 15, maxSeconds: 3600 })).toBe(3600);
  });

  it('uses the defaults when none are given', () => {
    expect(retryDelaySeconds(1)).toBe(15);
    expect(retryDelaySeconds(3)).toBe(60);
  });
});
