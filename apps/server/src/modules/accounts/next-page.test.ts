import { describe, expect, it } from 'vitest';
import { nextPage } from './next-page.js';

describe('nextPage', () => {
  it('takes a path of this site, query included', () => {
    expect(nextPage('/2026/12/winter-log')).toBe('/2026/12/winter-log');
    expect(nextPage('/fr/membres?plan=friends')).toBe('/fr/membres?plan=friends');
  });

  it('refuses anything that could lead to another host', () => {
    for (const value of [
      '//evil.test',
      '/\\evil.test',
      'https://evil.test',
      'evil.test',
      '/ space',
      '',
      null,
      undefined,
    ])
      expect(nextPage(value)).toBeNull();
    expect(nextPage(`/${'a'.repeat(2000)}`)).toBeNull();
  });
});
