import { describe, expect, it } from 'vitest';
import { contrastLevel, contrastRatio } from './contrast.js';
import { changedTokens, headingSize, THEME_DEFAULTS, tokensFrom } from './design.js';

describe('design tokens', () => {
  it('measure the contrast of text on a background as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio(null, '#ffffff')).toBeNull();
    expect(contrastRatio('#12345', '#ffffff')).toBeNull();
    expect(contrastLevel(7.1)).toBe('aaa');
    expect(contrastLevel(4.6)).toBe('aa');
    expect(contrastLevel(3)).toBe('fail');
  });

  it('send only what changed, and size headings as the site does', () => {
    const saved = tokensFrom({ font_size: 18, colors: { primary: '#112233' } });
    expect(saved.colors.text).toBeNull();
    expect(saved.radius).toBe(THEME_DEFAULTS.radius);
    const edited = { ...saved, radius: 12, colors: { ...saved.colors, text: '#000000' } };
    expect(changedTokens(saved, edited)).toEqual({
      radius: 12,
      colors: { ...saved.colors, text: '#000000' },
    });
    expect(headingSize({ font_size: 16, type_scale: 1.25 }, 6)).toBe(16);
    expect(headingSize({ font_size: 16, type_scale: 1.25 }, 5)).toBe(20);
  });
});
