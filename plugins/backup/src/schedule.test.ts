import { describe, expect, it } from 'vitest';
import { isDue, scheduleProblem } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('the backup schedule', () => {
  it('accepts off, daily, weekly and cron expressions, and says what is wrong with others', () => {
    for (const good of ['off', 'daily', 'weekly', '30 2 * * 1-5', '*/15 * * * *', '0 0,12 1 */2 7'])
      expect(scheduleProblem(good), good).toBeNull();
    expect(scheduleProblem('hourly')).toMatch(/five fields/);
    expect(scheduleProblem('60 * * * *')).toMatch(/minute field "60"/);
    expect(scheduleProblem('0 3 * 13 *')).toMatch(/month field/);
    expect(scheduleProblem('0 3 * * mon')).toMatch(/day of week/);
    expect(scheduleProblem('5-1 * * * *')).toMatch(/minute/);
  });

  it('is never due when off', () => {
    expect(isDue('off', null, at('2026-12-07T03:00:00Z'))).toBe(false);
  });

  it('daily: due once 03:00 UTC has come since the last scheduled backup', () => {
    const last = at('2026-12-06T03:00:10Z');
    expect(isDue('daily', last, at('2026-12-07T02:59:00Z'))).toBe(false);
    expect(isDue('daily', last, at('2026-12-07T03:00:00Z'))).toBe(true);
    // A worker down over the night catches up once, hours later.
    expect(isDue('daily', last, at('2026-12-07T09:40:00Z'))).toBe(true);
    expect(isDue('daily', at('2026-12-07T03:05:00Z'), at('2026-12-07T09:40:00Z'))).toBe(false);
  });

  it('weekly runs on Sundays; a cron restricting both day fields runs on either', () => {
    // 2026-12-06 is a Sunday.
    expect(isDue('weekly', at('2026-11-29T03:01:00Z'), at('2026-12-06T03:02:00Z'))).toBe(true);
    expect(isDue('weekly', at('2026-11-29T03:01:00Z'), at('2026-12-05T03:02:00Z'))).toBe(false);
    expect(isDue('0 6 1 * 1', at('2026-12-06T23:00:00Z'), at('2026-12-07T06:00:00Z'))).toBe(true);
  });

  it('with no scheduled backup yet, only a time within the last quarter hour is due', () => {
    expect(isDue('daily', null, at('2026-12-07T03:10:00Z'))).toBe(true);
    expect(isDue('daily', null, at('2026-12-07T03:20:00Z'))).toBe(false);
  });
});
