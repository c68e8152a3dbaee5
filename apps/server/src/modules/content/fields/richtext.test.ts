import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText } from './richtext.js';

describe('sanitizeRichText', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  jAvAsCrIpT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://evil.test"></iframe>', ''],
    ['<p style="color:red">x</p>', '<p>x</p>'],
  ])('cleans %s', (dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it('keeps what the editor writes, and protects links opening a new tab', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://x.test" target="_blank">l</a></p><ul><li>a</li></ul>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://x.test" target="_blank" rel="noopener noreferrer">l</a></p><ul><li>a</li></ul>',
    );
  });

  it('never lets a script or an event handler through', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('<script>', '<img src=x onerror=', '<a href="javascript:', '<svg onload='),
        (noise, attack) => {
          const out = sanitizeRichText(`${noise}${attack}alert(1)>${noise}`).toLowerCase();
          expect(out).not.toContain('<script');
          expect(out).not.toMatch(/\son[a-z]+=/);
          expect(out).not.toContain('javascript:');
        },
      ),
    );
  });
});

describe('plainText', () => {
  it('drops tags and decodes entities, keeping words apart', () => {
    expect(plainText('<p>Fish &amp; chips</p><p>are&nbsp;good</p>')).toBe('Fish & chips are good');
  });
});
