import { describe, expect, it } from 'vitest';
import { allocate, apportion, percentUnits, portion, roundHalfUp, sum } from './money.js';

const f = (num: number, den: number) => ({ num: BigInt(num), den: BigInt(den) });

describe('money', () => {
  it('rounds an exact half up, away from zero, never to even', () => {
    expect(roundHalfUp(f(5, 10))).toBe(1);
    expect(roundHalfUp(f(25, 10))).toBe(3); // banker's would give 2
    expect(roundHalfUp(f(35, 10))).toBe(4);
    expect(roundHalfUp(f(249, 100))).toBe(2);
    expect(roundHalfUp(f(-25, 10))).toBe(-3);
    expect(roundHalfUp(f(-24, 10))).toBe(-2);
    expect(roundHalfUp(f(0, 7))).toBe(0);
    expect(roundHalfUp(f(2, 3))).toBe(1);
  });

  it('keeps rates exact: 5.5 % and 8.875 % of an amount, summed before rounding', () => {
    expect(percentUnits(20)).toBe(200_000n);
    expect(percentUnits(5.5)).toBe(55_000n);
    expect(percentUnits(8.875)).toBe(88_750n);
    // 8.875 % of 1999 = 177.41125: a float product would be 177.41124999999997.
    expect(roundHalfUp(portion(1999, percentUnits(8.875), 1_000_000n))).toBe(177);
    expect(roundHalfUp(sum([f(1, 3), f(1, 3), f(1, 3)]))).toBe(1);
    expect(() => percentUnits(1.23456)).toThrow(RangeError);
    expect(() => percentUnits(-1)).toThrow(RangeError);
  });

  it('apportions a rounded total back to exact shares, the largest remainders first, the earliest on a tie', () => {
    // 33.3 × 3 = 99.9 → 100: one cent more, to the first of three equal remainders.
    expect(apportion(100, [f(333, 10), f(333, 10), f(333, 10)])).toEqual([34, 33, 33]);
    // 0.6 has the largest remainder.
    expect(apportion(3, [f(12, 10), f(12, 10), f(6, 10)])).toEqual([1, 1, 1]);
    expect(apportion(10, [f(25, 10), f(75, 10)])).toEqual([3, 7]);
    // A total below the floors' sum takes from the smallest remainders.
    expect(apportion(1, [f(10, 10), f(10, 10)])).toEqual([1, 0]);
    expect(apportion(2, [f(15, 10), f(12, 10)])).toEqual([1, 1]);
    expect(apportion(0, [])).toEqual([]);
  });

  it('allocates an amount in proportion to weights, the parts adding up to it exactly', () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(500, [1000, 3000])).toEqual([125, 375]);
    expect(allocate(7, [0, 3, 0])).toEqual([0, 7, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    const parts = allocate(999, [137, 211, 653, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(999);
  });
});
