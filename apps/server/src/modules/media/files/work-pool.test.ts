import { describe, expect, it } from 'vitest';
import { WorkCancelled, WorkPool } from './work-pool.js';

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

  it("starts another site's one piece of work in the next free slot, not after all of a busy site's", async () => {
    const pool = new WorkPool(2);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const job = (name: string, group: string) =>
      pool.run(
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            releases.set(name, () => resolve(name));
          }),
        { group },
      );
    const jobs = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((name) => job(name, 'site-a'));
    const b1 = job('b1', 'site-b');
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    expect(pool.queued).toBe(5);
    releases.get('a1')?.();
    await tick();
    // Site A still runs one; site B runs none: B's piece takes the slot.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    releases.get('b1')?.();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const name of ['a2', 'a3', 'a4', 'a5', 'a6']) {
      releases.get(name)?.();
      await tick();
    }
    expect(await Promise.all([...jobs, b1])).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b1']);
  });

  it('takes turns between sites that both keep work waiting', async () => {
    const pool = new WorkPool(1);
    const started: string[] = [];
    const release: Array<() => void> = [];
    const job = (name: string, group: string) =>
      pool.run(
        () =>
          new Promise<void>((resolve) => {
            started.push(name);
            release.push(resolve);
          }),
        { group },
      );
    const jobs = [job('a1', 'a'), job('a2', 'a'), job('a3', 'a'), job('b1', 'b'), job('b2', 'b')];
    while (started.length < jobs.length) {
      await tick();
      release.shift()?.();
    }
    await Promise.all(jobs);
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('drops waiting work whose signal is aborted: it never runs and its slot is not taken', async () => {
    const pool = new WorkPool(1);
    let release = () => {};
    const busy = pool.run(() => new Promise<void>((resolve) => (release = resolve)), { group: 'a' });
    const gone = new AbortController();
    let ran = false;
    const dropped = pool.run(
      async () => {
        ran = true;
      },
      { group: 'b', signal: gone.signal },
    );
    await tick();
    expect(pool.queued).toBe(1);
    gone.abort();
    await expect(dropped).rejects.toBeInstanceOf(WorkCancelled);
    expect(pool.queued).toBe(0);
    release();
    await busy;
    expect(ran).toBe(false);
    expect(await pool.run(async () => 'next', { group: 'c' })).toBe('next');
    // Aborted before it asked: refused at once.
    await expect(pool.run(async () => 'late', { group: 'b', signal: gone.signal })).rejects.toBeInstanceOf(
      WorkCancelled,
    );
  });
});

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1));
}
