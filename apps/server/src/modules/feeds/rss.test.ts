import { describe, expect, it } from 'vitest';
import { rfc822, xmlText } from './rss.js';

describe('RSS text', () => {
  it('escapes markup and drops what XML cannot carry, keeping other characters', () => {
    expect(xmlText(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
    expect(xmlText('a\u0000b\u0008c\td\ne\uD800f\uFFFEg😀')).toBe('abc\td\nefg😀');
  });

  it('writes dates as RFC 822 in GMT', () => {
    expect(rfc822('2026-11-24T12:29:06.123Z')).toBe('Tue, 24 Nov 2026 12:29:06 GMT');
  });
});
