import { describe, expect, it } from 'vitest';
import { bodySizeOf, pasteVerdictOf, utf8Bytes } from './body-size.js';

describe('an entry against the body limit', () => {
  it('counts bytes as UTF-8 sends them', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('été')).toBe(5);
    expect(utf8Bytes('⛵')).toBe(3);
    expect(utf8Bytes('🐟')).toBe(4);
    expect(utf8Bytes('a🐟b')).toBe(6);
  });

  it('fits, nears (from 90 %) or passes the limit; unknown while the limit is', () => {
    expect(bodySizeOf('x'.repeat(50), 100)?.state).toBe('fits');
    expect(bodySizeOf('x'.repeat(90), 100)?.state).toBe('near');
    expect(bodySizeOf('x'.repeat(100), 100)?.state).toBe('near');
    expect(bodySizeOf('x'.repeat(101), 100)).toEqual({ bytes: 101, limit: 100, state: 'over' });
    expect(bodySizeOf('x', undefined)).toBeNull();
  });

  it('refuses a paste over the limit, says one over half of it or over a megabyte, and lets the rest be', () => {
    const limit = 64 * 1024;
    expect(pasteVerdictOf('x'.repeat(limit + 1), limit)).toEqual({
      kind: 'refused',
      bytes: limit + 1,
      limit,
    });
    expect(pasteVerdictOf('x'.repeat(limit / 2), limit)?.kind).toBe('large');
    expect(pasteVerdictOf('x'.repeat(limit / 2 - 1), limit)).toBeNull();
    const megabyte = 1024 * 1024;
    expect(pasteVerdictOf('x'.repeat(megabyte), 10 * megabyte)?.kind).toBe('large');
    expect(pasteVerdictOf('x'.repeat(megabyte), undefined)).toBeNull();
  });
});
