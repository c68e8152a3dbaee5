import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-read.js';

describe('readCsv', () => {
  it('reads quoted cells, doubled quotes and line breaks inside quotes, naming each row by its first line', () => {
    const rows = readCsv(
      '\uFEFFemail,note\r\n"a@x.test","said ""hi"", twice"\r\n\r\nb@x.test,"two\nlines"\nc@x.test,',
    );
    expect(rows).toEqual([
      { line: 1, cells: ['email', 'note'] },
      { line: 2, cells: ['a@x.test', 'said "hi", twice'] },
      { line: 4, cells: ['b@x.test', 'two\nlines'] },
      { line: 6, cells: ['c@x.test', ''] },
    ]);
  });

  it('reads a last line without its line end, and nothing from an empty text', () => {
    expect(readCsv('a,b')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(readCsv('')).toEqual([]);
    expect(readCsv('\n\n')).toEqual([]);
  });
});
