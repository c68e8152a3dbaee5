import { describe, expect, it } from 'vitest';
import { checkedHead } from './head.js';
import type { PageHead } from './theme/layouts.js';

const original: PageHead = {
  title: 'Menu',
  description: 'What we serve.',
  canonical: 'https://cafe.example/menu',
  type: 'website',
  image: null,
  publishedAt: '2026-11-01T09:00:00.000Z',
};

describe('checkedHead', () => {
  it('takes the fields that fit and keeps Tessera’s dates and links', () => {
    const head = checkedHead(original, {
      ...original,
      title: '',
      canonical: null,
      type: 'article',
      noindex: true,
      image: { url: 'https://cdn.example/menu.webp', width: 1200, height: 630, alt: 'Our menu' },
      publishedAt: 'yesterday',
    });
    expect(head).toEqual({
      ...original,
      title: '',
      canonical: null,
      type: 'article',
      noindex: true,
      image: { url: 'https://cdn.example/menu.webp', width: 1200, height: 630, alt: 'Our menu' },
    });
  });

  it('adds noindex but never lifts it where the page had it (a preview, a 404)', () => {
    expect(checkedHead(original, { ...original, noindex: true }).noindex).toBe(true);
    expect(checkedHead({ ...original, noindex: true }, { ...original, noindex: false }).noindex).toBe(true);
  });

  it('takes a whole <title> and nofollow, and never lifts nofollow', () => {
    const head = checkedHead(original, { ...original, documentTitle: 'Menu | Café', nofollow: true });
    expect(head).toMatchObject({ documentTitle: 'Menu | Café', nofollow: true });
    expect(checkedHead(original, { ...original, documentTitle: 'x'.repeat(301) }).documentTitle).toBe(
      undefined,
    );
    expect(checkedHead({ ...original, nofollow: true }, { ...original, nofollow: false }).nofollow).toBe(
      true,
    );
  });

  it('keeps the original for anything that is not a head, and bounds what is added', () => {
    expect(checkedHead(original, null)).toBe(original);
    expect(checkedHead(original, ['a'])).toBe(original);
    const head = checkedHead(original, {
      ...original,
      image: { url: '/relative.webp', width: 10, height: 10 },
      description: 'x'.repeat(1_001),
      meta: Array.from({ length: 60 }, (_, i) => ({ name: `custom-${i}`, content: String(i) })),
      jsonLd: Array.from({ length: 12 }, (_, i) => ({ '@type': 'Thing', n: i, pad: 'y'.repeat(10_000) })),
    });
    expect(head.image).toBeNull();
    expect(head.description).toBe('What we serve.');
    expect(head.meta).toHaveLength(50);
    // At most 10 items and 64 KB in all: six of about 10 KB each.
    expect(head.jsonLd).toHaveLength(6);
    expect(
      checkedHead(original, { ...original, meta: [{ name: 'a', property: 'b', content: 'c' }] }).meta,
    ).toBe(undefined);
  });
});
