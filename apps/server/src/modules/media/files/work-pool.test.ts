import { describe, expect, it } from 'vitest';
import { WorkPool } from './work-pool.js';

describe('WorkPool', () => {
  it('runs at most its size at once and the rest in order', async () => {
    const pool = new WorkPool(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      pool.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        order.push(n);
        active--;
        return n;
      }),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(pool.queued).toBe(3);
    while (order.length < 5) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('lets the next one run when work fails', async () => {
    const pool = new WorkPool(1);
    await expect(pool.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await pool.run(async () => 'next')).toBe('next');
  });
});
