import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.js';

describe('csv', () => {
  it('quotes separators, quotes and newlines', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'x\ny', null, 3])).toBe('a,"b,c","say ""hi""","x\ny",,3\r\n');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });
});
