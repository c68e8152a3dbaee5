import { describe, expect, it } from 'vitest';
import { searchPattern, searchText } from './search-text.js';

/** LIKE as both engines run it on what searchText keeps: %, _ and \ are the pattern's own. */
function like(text: string, pattern: string): boolean {
  const regex = pattern
    .split('')
    .map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${regex}$`, 's').test(text);
}
const finds = (values: Record<string, string | string[]>, query: string) =>
  like(searchText(values), searchPattern(query));

describe('searching submissions', () => {
  it('finds a word in any value, whatever its case', () => {
    expect(finds({ name: 'Ada Lovelace', drinks: ['Tea', 'Coffee'] }, 'lovelace')).toBe(true);
    expect(finds({ name: 'Ada Lovelace', drinks: ['Tea', 'Coffee'] }, 'COFFEE')).toBe(true);
    expect(finds({ name: 'Élise' }, 'éLISE')).toBe(true);
    expect(finds({ name: 'Ada' }, 'grace')).toBe(false);
  });

  it('takes %, _ and \\ for themselves', () => {
    expect(finds({ discount: '50% off' }, '50%')).toBe(true);
    expect(finds({ discount: '500 off' }, '50%')).toBe(false);
    expect(finds({ code: 'a_b' }, 'a_b')).toBe(true);
    expect(finds({ code: 'axb' }, 'a_b')).toBe(false);
    expect(finds({ path: 'C:\\temp' }, 'c:\\t')).toBe(true);
    expect(searchText({ a: '%_\\' })).not.toMatch(/[%_\\]/);
  });

  it('matches no pair of marks halfway', () => {
    // A control character typed into a value or the query is blanked, never a mark.
    expect(finds({ a: '%' }, '\u0002')).toBe(false);
    expect(finds({ a: 'x\u0001\u0002y' }, '%')).toBe(false);
  });
});
