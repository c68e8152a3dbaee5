import { describe, expect, it } from 'vitest';
import { assertValidBackoff, retryDelaySeconds } from './backoff.js';

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

  it('takes up to the jitter share off at random', () => {
    const backoff = { baseSeconds: 10, maxSeconds: 100, jitter: 0.5 };
    expect(retryDelaySeconds(2, backoff, () => 0)).toBe(20);
    expect(retryDelaySeconds(2, backoff, () => 0.5)).toBe(15);
    expect(retryDelaySeconds(2, backoff, () => 0.999)).toBeCloseTo(10.01);
  });

  it('asks a function when the policy is one, never going below zero', () => {
    expect([1, 2, 3].map((attempt) => retryDelaySeconds(attempt, (n) => n * 7))).toEqual([7, 14, 21]);
    expect(retryDelaySeconds(1, () => -5)).toBe(0);
    expect(retryDelaySeconds(1, () => Number.NaN)).toBe(0);
  });

  it('refuses a backoff that cannot work', () => {
    expect(() => assertValidBackoff({ baseSeconds: -1, maxSeconds: 10 }, 'x')).toThrow();
    expect(() => assertValidBackoff({ baseSeconds: 10, maxSeconds: 5 }, 'x')).toThrow();
    expect(() => assertValidBackoff({ baseSeconds: 1, maxSeconds: 5, jitter: 2 }, 'x')).toThrow();
    expect(() => assertValidBackoff({ baseSeconds: 1, maxSeconds: 5, jitter: 0.3 }, 'x')).not.toThrow();
  });
});
