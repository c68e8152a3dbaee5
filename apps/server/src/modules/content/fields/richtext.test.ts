import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText } from './richtext.js';

describe('sanitizeRichText', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<p>a<img src="https://tracker.test/pixel.gif" alt="p">b</p>', '<p>ab</p>'],
    ['<img data-media-id="012" src="/media/a.webp">', ''],
    [
      '<img data-media-id="5" src="/media/2026/05/a.webp" onerror="alert(1)" title="t" width="9px">',
      '<img data-media-id="5" src="/media/2026/05/a.webp" />',
    ],
    ['<img data-media-id="5" src="https://tracker.test/pixel.gif">', '<img data-media-id="5" />'],
    ['<img data-media-id="5" src="/media/2026/../../api/me">', '<img data-media-id="5" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  jAvAsCrIpT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<img data-media-id="5" src="data:image/svg+xml;base64,PHN2Zz4=">', '<img data-media-id="5" />'],
    ['<img data-media-id="5" src="//evil.test/x.png">', '<img data-media-id="5" />'],
    [
      '<figure class="tb-align-top x" data-size="huge"><img data-media-id="7"></figure>',
      '<figure><img data-media-id="7" /></figure>',
    ],
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

  it('keeps an image of the media library as the editor writes it, and nothing else on it', () => {
    const figure =
      '<figure class="tb-image tb-align-right" data-size="medium"><img data-media-id="12" src="/media/2026/05/bay.webp" alt="The bay" width="800" height="600" /><figcaption>At dawn</figcaption></figure>';
    expect(sanitizeRichText(figure)).toBe(figure);
    expect(
      sanitizeRichText(
        '<figure class="tb-image tb-align-wide" data-size="full" style="x" onclick="x"><img data-media-id="3" src="/media/a.webp" alt="" loading="lazy" srcset="https://evil.test/a.png 1w"></figure>',
      ),
    ).toBe(
      '<figure class="tb-image tb-align-wide" data-size="full"><img data-media-id="3" src="/media/a.webp" alt="" /></figure>',
    );
  });

  it('keeps a video only as the page address of YouTube or Vimeo', () => {
    const video = '<figure class="tb-video" data-embed-url="https://vimeo.com/76979871"></figure>';
    expect(sanitizeRichText(video)).toBe(video);
    for (const url of [
      'https://evil.test/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://youtube.com/',
    ])
      expect(sanitizeRichText(`<p>a</p><figure class="tb-video" data-embed-url="${url}"></figure>`)).toBe(
        '<p>a</p>',
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
