import { describe, expect, it } from 'vitest';
import { mapRichTextMedia, renderRichTextMedia, richTextMediaIds } from './richtext-media.js';

const html =
  '<p>a</p><figure class="tb-image tb-align-left" data-size="small"><img data-media-id="4" src="/media/2026/05/a.webp" alt="A &amp; b" /><figcaption>Cap</figcaption></figure><img data-media-id="9" />';

describe('images in richtext', () => {
  it('lists their media ids once each', () => {
    expect(richTextMediaIds(`${html}${html}`)).toEqual([4, 9]);
  });

  it('maps their ids, leaving out an image whose id is unknown', () => {
    expect(mapRichTextMedia(html, (id) => (id === 4 ? 40 : undefined))).toBe(
      '<p>a</p><figure class="tb-image tb-align-left" data-size="small"><img data-media-id="40" src="/media/2026/05/a.webp" alt="A &amp; b" /><figcaption>Cap</figcaption></figure>',
    );
  });

  it('draws them from their items with srcset and the sizes of the figure, a missing one left out', () => {
    const rendered = renderRichTextMedia(html, (id) =>
      id === 4
        ? {
            id: 4,
            url: '/media/2026/05/a-x.webp',
            alt: 'Library alt',
            width: 1600,
            height: 900,
            variants: {
              medium: { url: '/media/m.webp', width: 480, height: 270 },
              large: { url: '/media/l.webp', width: 1000, height: 563 },
            },
            credit: null,
          }
        : null,
    );
    expect(rendered).toBe(
      '<p>a</p><figure class="tb-image tb-align-left" data-size="small"><img src="/media/l.webp" srcSet="/media/m.webp 480w, /media/l.webp 1000w" sizes="(max-width: 46rem) 50vw, 15rem" width="1000" height="563" alt="A &amp; b" loading="lazy" decoding="async"/><figcaption>Cap</figcaption></figure>',
    );
  });
});
