import { describe, expect, it } from 'vitest';
import { cleanOriginalName, keyFolder, storedBaseName } from './file-names.js';

describe('stored file names', () => {
  it('are safe slugs with a unique suffix, whatever the name sent', () => {
    expect(storedBaseName('../../Été 2026.JPG')).toMatch(/^ete-2026-[0-9a-z]{6}$/);
    expect(storedBaseName('C:\\photos\\a\u0000b.png')).toMatch(/^a-b-[0-9a-z]{6}$/);
    expect(storedBaseName('.htaccess')).toMatch(/^htaccess-[0-9a-z]{6}$/);
    expect(storedBaseName('🙂.gif')).toMatch(/^file-[0-9a-z]{6}$/);
    expect(storedBaseName(`${'x'.repeat(300)}.pdf`).length).toBeLessThanOrEqual(67);
    const names = new Set(Array.from({ length: 200 }, () => storedBaseName('photo.jpg')));
    expect(names.size).toBe(200);
  });

  it('keep the original name for people without paths or control characters', () => {
    expect(cleanOriginalName('../x/Report\r\n 2026.pdf')).toBe('Report 2026.pdf');
    expect(cleanOriginalName('')).toBe('file');
  });

  it('file uploads by site, year and month', () => {
    expect(keyFolder(7, new Date('2026-03-09T10:00:00Z'))).toBe('7/2026/03/');
  });
});
