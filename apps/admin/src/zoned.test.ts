import { describe, expect, it } from 'vitest';
import { dayInZone, fromWallClock, toWallClock } from './zoned.js';

describe("the site's wall clock", () => {
  it('shows an instant in the site zone, not the browser one', () => {
    expect(toWallClock('2026-05-01T00:30:00Z', 'Asia/Tokyo')).toBe('2026-05-01T09:30');
    expect(toWallClock('2026-05-01T00:30:00Z', 'America/New_York')).toBe('2026-04-30T20:30');
    expect(toWallClock('2026-05-01T00:30:00Z', 'UTC')).toBe('2026-05-01T00:30');
    expect(toWallClock(null, 'UTC')).toBe('');
    expect(toWallClock('nonsense', 'UTC')).toBe('');
  });

  it('reads a wall-clock time typed for the site zone back as the instant', () => {
    expect(fromWallClock('2026-05-01T09:30', 'Asia/Tokyo')).toBe('2026-05-01T00:30:00.000Z');
    expect(fromWallClock('2026-01-15T12:00', 'Europe/Paris')).toBe('2026-01-15T11:00:00.000Z');
    expect(fromWallClock('2026-07-15T12:00', 'Europe/Paris')).toBe('2026-07-15T10:00:00.000Z');
    expect(fromWallClock('', 'UTC')).toBeNull();
  });

  it('survives the daylight-saving changes', () => {
    // Paris skips 02:00–03:00 on 29 March 2026 and repeats 02:00–03:00 on 25 October.
    expect(fromWallClock('2026-03-29T01:30', 'Europe/Paris')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromWallClock('2026-03-29T03:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(toWallClock(fromWallClock('2026-10-25T04:00', 'Europe/Paris'), 'Europe/Paris')).toBe(
      '2026-10-25T04:00',
    );
    for (const wall of ['2026-11-01T01:15', '2026-03-08T12:00', '2026-12-31T23:59'])
      expect(toWallClock(fromWallClock(wall, 'America/New_York'), 'America/New_York')).toBe(wall);
  });
});

describe("the site's days", () => {
  it('begin and end at midnight on the site clock', () => {
    expect(dayInZone('2026-05-01', 'Asia/Tokyo')).toEqual({
      start: '2026-04-30T15:00:00.000Z',
      next: '2026-05-01T15:00:00.000Z',
    });
    expect(dayInZone('2026-05-01', 'UTC')).toEqual({
      start: '2026-05-01T00:00:00.000Z',
      next: '2026-05-02T00:00:00.000Z',
    });
  });

  it('last 23 hours when the clocks go forward', () => {
    const day = dayInZone('2026-03-29', 'Europe/Paris');
    expect(day).toEqual({ start: '2026-03-28T23:00:00.000Z', next: '2026-03-29T22:00:00.000Z' });
  });

  it('are null for what is not a day', () => {
    expect(dayInZone('', 'UTC')).toBeNull();
    expect(dayInZone('2026-02-31', 'UTC')).toBeNull();
    expect(dayInZone('01/05/2026', 'UTC')).toBeNull();
  });
});
