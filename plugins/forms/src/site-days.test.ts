import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart } from './site-days.js';

describe('days of the site’s calendar', () => {
  it('start at the site’s midnight', () => {
    expect(dayStart('2026-03-03', 'UTC')).toBe('2026-03-03T00:00:00.000Z');
    expect(dayStart('2026-07-03', 'Europe/Lisbon')).toBe('2026-07-02T23:00:00.000Z');
    expect(dayStart('2026-01-03', 'America/New_York')).toBe('2026-01-03T05:00:00.000Z');
    expect(dayStart('2026-01-03', 'Asia/Kolkata')).toBe('2026-01-02T18:30:00.000Z');
  });

  it('end where the next day starts, across a change of hour', () => {
    // Paris goes to summer time on 29 March 2026: that day lasts 23 hours.
    expect(dayStart('2026-03-29', 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayEnd('2026-03-29', 'Europe/Paris')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayEnd('2026-12-31', 'UTC')).toBe('2027-01-01T00:00:00.000Z');
  });
});
