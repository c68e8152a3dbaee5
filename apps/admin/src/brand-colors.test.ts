import { describe, expect, it } from 'vitest';
import { contrastRatio } from './appearance/contrast.js';
import { BRAND_SHADE, brandShades, CONTRAST_LUMINANCE } from './brand-colors.js';

const BRANDS = ['#0b3d91', '#7a1f5c', '#1f5fbf', '#ffd400', '#2e7d32', '#ff6f61', '#111111', '#f5f5f5'];
const ratio = (a: string | undefined, b: string) => contrastRatio(a ?? null, b) ?? 0;

/** What Mantine puts on a filled brand colour with our threshold: black above it, white below. */
function textOn(color: string): string {
  const channel = (at: number) => {
    const c = Number.parseInt(color.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > CONTRAST_LUMINANCE ? '#000000' : '#ffffff';
}

describe('brandShades', () => {
  it('keeps the brand colour itself where filled buttons take it', () => {
    expect(brandShades('#0B3D91')[BRAND_SHADE]).toBe('#0b3d91');
    expect(brandShades('#0b3d91')).toHaveLength(10);
  });

  it.each(BRANDS)('derives shades that text reads on at WCAG AA, for %s', (brand) => {
    const shades = brandShades(brand);
    // Light backgrounds (a chosen folder, a light button): the page's text and the darkest shade read.
    for (const background of [shades[0], shades[1], shades[2]]) {
      expect(ratio('#000000', background ?? ''), `black on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(shades[9], background ?? ''), `shade 9 on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(ratio(shades[9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The brand as a background: black or white, whichever reads.
    expect(ratio(textOn(brand), brand)).toBeGreaterThanOrEqual(4.5);
  });

  it('no longer paints every shade the brand colour (a navy chosen row under black text)', () => {
    expect(ratio('#000000', brandShades('#0b3d91')[1] ?? '')).toBeGreaterThan(15);
  });
});
