import { describe, expect, it } from 'vitest';
import { activeFilters, NO_FILTERS, narrowingOf, nextDay } from './library-filters.js';

describe("the media library's further filters", () => {
  it('sends nothing when nothing is set', () => {
    expect(narrowingOf(NO_FILTERS, 'UTC')).toEqual({ narrowing: {}, problems: {} });
    expect(activeFilters(NO_FILTERS)).toBe(0);
  });

  it("takes whole days in the site's time zone, the last one included", () => {
    const { narrowing, problems } = narrowingOf(
      { ...NO_FILTERS, from: '2025-03-01', to: '2025-03-31' },
      'Europe/Paris',
    );
    expect(problems).toEqual({});
    // Paris is one hour ahead in winter, two in summer (from 30 March 2025).
    expect(narrowing).toEqual({ from: '2025-02-28T23:00:00.000Z', to: '2025-03-31T22:00:00.000Z' });
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });

  it('leaves out an end before the start and a malformed MIME type, naming why', () => {
    const { narrowing, problems } = narrowingOf(
      { ...NO_FILTERS, from: '2025-03-10', to: '2025-03-09', mime: 'pdf' },
      'UTC',
    );
    expect(narrowing).toEqual({ from: '2025-03-10T00:00:00.000Z' });
    expect(problems).toEqual({ to: 'toBeforeFrom', mime: 'mimeInvalid' });
    // One day, from and to the same: its 24 hours.
    expect(narrowingOf({ ...NO_FILTERS, from: '2025-03-10', to: '2025-03-10' }, 'UTC').narrowing).toEqual({
      from: '2025-03-10T00:00:00.000Z',
      to: '2025-03-11T00:00:00.000Z',
    });
  });

  it('sends the MIME type in lower case, the uploader, the usage and the subfolders', () => {
    const values = {
      ...NO_FILTERS,
      mime: ' Image/WebP ',
      uploader: 7,
      usage: 'unused' as const,
      subfolders: true,
    };
    expect(narrowingOf(values, 'UTC').narrowing).toEqual({
      mime: 'image/webp',
      uploadedBy: 7,
      orphaned: true,
      includeSubfolders: true,
    });
    expect(narrowingOf({ ...NO_FILTERS, usage: 'used' }, 'UTC').narrowing).toEqual({ orphaned: false });
    expect(activeFilters(values)).toBe(3);
  });
});
