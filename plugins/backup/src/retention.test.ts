import { describe, expect, it } from 'vitest';
import { backupsToDelete, type RetainedRun } from './retention.js';

const now = new Date('2026-12-07T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
/** Runs 1..n, one a day, run n the newest. */
const daily = (n: number, status = 'done'): RetainedRun[] =>
  Array.from({ length: n }, (_, index) => ({ id: index + 1, status, started_at: daysAgo(n - index - 1) }));

describe('the retention rule', () => {
  it('keeps the newest keep_last successful backups and lets the older go, oldest first', () => {
    expect(backupsToDelete(daily(10), { keepLast: 7, keepDays: 0 }, now)).toEqual([1, 2, 3]);
    expect(backupsToDelete(daily(7), { keepLast: 7, keepDays: 0 }, now)).toEqual([]);
  });

  it('also keeps every backup younger than keep_days', () => {
    // Runs 6..10 are 4 days old or younger: kept by age though only 2 by count.
    expect(backupsToDelete(daily(10), { keepLast: 2, keepDays: 5 }, now)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never deletes the only successful backup, whatever the rule says', () => {
    const runs: RetainedRun[] = [
      { id: 1, status: 'done', started_at: daysAgo(400) },
      { id: 2, status: 'failed', started_at: daysAgo(1) },
      { id: 3, status: 'failed', started_at: daysAgo(0) },
    ];
    expect(backupsToDelete(runs, { keepLast: 0, keepDays: 0 }, now)).toEqual([]);
    expect(backupsToDelete(runs, { keepLast: 1, keepDays: 1 }, now)).toEqual([]);
  });

  it('counts only successful backups and leaves running and failed runs alone', () => {
    const runs = [
      ...daily(3),
      { id: 4, status: 'failed', started_at: daysAgo(0) },
      { id: 5, status: 'running', started_at: daysAgo(0) },
    ];
    expect(backupsToDelete(runs, { keepLast: 2, keepDays: 0 }, now)).toEqual([1]);
    expect(backupsToDelete(daily(3, 'failed'), { keepLast: 1, keepDays: 0 }, now)).toEqual([]);
  });
});
