import { describe, expect, it } from 'vitest';
import { checkedIndex, checkedLastmod, checkedUrls, MAX_IMAGES } from './sitemap-answers.js';

const scope = { base: 'https://a.test', media: 'https://cdn.test/files/7/' };

describe('what a sitemap filter answers', () => {
  it("keeps only this site's absolute addresses, their images on the site or its media host, their alternates on the site", () => {
    const answer = [
      {
        loc: 'https://a.test/hello',
        lastmod: '2026-03-01T10:00:00.000Z',
        entry: { id: 3, type: 'post', locale: 'en' },
        images: [
          { loc: 'https://a.test/media/a.webp', title: 'A lighthouse' },
          { loc: 'https://cdn.test/files/7/b.webp', title: '' },
          { loc: 'https://cdn.test/files/8/c.webp' },
          { loc: 'https://elsewhere.test/d.webp' },
          { loc: '/media/relative.webp' },
          'https://a.test/media/not-an-object.webp',
        ],
        alternates: [
          { hreflang: 'fr', href: 'https://a.test/fr/bonjour' },
          { hreflang: 'pt-BR', href: 'https://a.test/pt-br/ola' },
          { hreflang: 'x-default', href: 'https://a.test/hello' },
          { hreflang: 'fr fr', href: 'https://a.test/fr/bonjour' },
          { hreflang: 'de', href: 'https://elsewhere.test/de' },
        ],
      },
      { loc: 'https://a.test', lastmod: null },
      { loc: 'https://a.test.evil.test/', lastmod: null },
      { loc: 'http://a.test/other-scheme', lastmod: null },
      { loc: 'https://a.test/with space', lastmod: null },
      { loc: `https://a.test/${'x'.repeat(2_048)}`, lastmod: null },
      { loc: 42, lastmod: null },
      null,
    ];
    expect(checkedUrls(answer, scope)).toEqual([
      {
        loc: 'https://a.test/hello',
        lastmod: '2026-03-01T10:00:00.000Z',
        images: [
          { loc: 'https://a.test/media/a.webp', title: 'A lighthouse' },
          { loc: 'https://cdn.test/files/7/b.webp' },
        ],
        alternates: [
          { hreflang: 'fr', href: 'https://a.test/fr/bonjour' },
          { hreflang: 'pt-BR', href: 'https://a.test/pt-br/ola' },
          { hreflang: 'x-default', href: 'https://a.test/hello' },
        ],
      },
      { loc: 'https://a.test', lastmod: null },
    ]);
    expect(checkedUrls({ loc: 'https://a.test/' }, scope)).toBeNull();
    expect(checkedUrls([{ loc: 'https://cdn.test/files/7/page' }], { ...scope, media: null })).toEqual([]);
  });

  it('keeps at most 1,000 images of an address', () => {
    const images = Array.from({ length: MAX_IMAGES + 5 }, (_, i) => ({
      loc: `https://a.test/media/${i}.webp`,
    }));
    const [url] = checkedUrls([{ loc: 'https://a.test/gallery', lastmod: null, images }], scope) ?? [];
    expect(url?.images).toHaveLength(MAX_IMAGES);
  });

  it('writes a lastmod only when it is a W3C Datetime of a real day', () => {
    for (const good of [
      '2026-03-01',
      '2026-03-01T10:00Z',
      '2026-03-01T10:00:59+02:00',
      '2026-03-01T10:00:00.5Z',
    ])
      expect(checkedLastmod(good)).toBe(good);
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '2026-03-01T10:00:00',
      '2026-03-01T24:00Z',
      '2026-03-01 10:00Z',
      'yesterday',
      1_700_000_000_000,
      null,
    ])
      expect(checkedLastmod(bad)).toBeNull();
  });

  it("keeps the index's sitemaps the filter chose, in its order, once each, and none it made up", () => {
    const offered = [
      { loc: 'https://a.test/sitemap-page-1.xml', lastmod: null, kind: 'type' as const, name: 'page' },
      {
        loc: 'https://a.test/sitemap-post-1.xml',
        lastmod: '2026-03-01T10:00:00.000Z',
        kind: 'type' as const,
        name: 'post',
      },
      { loc: 'https://a.test/sitemap-tax-tag-1.xml', lastmod: null, kind: 'taxonomy' as const, name: 'tag' },
    ];
    const answer = [
      { ...offered[2], lastmod: '1999-01-01' },
      offered[1],
      offered[1],
      { loc: 'https://a.test/sitemap-mine-1.xml', lastmod: null, kind: 'type', name: 'mine' },
      'https://a.test/sitemap-page-1.xml',
    ];
    expect(checkedIndex(answer, offered)).toEqual([offered[2], offered[1]]);
    expect(checkedIndex('everything', offered)).toBeNull();
  });
});
