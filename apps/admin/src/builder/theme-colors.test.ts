import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { effectiveColors, THEME_COLORS } from './theme-colors.js';

const css = readFileSync(
  new URL('../../../server/src/modules/public/theme/default.css', import.meta.url),
  'utf8',
);
const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
const declared = (name: string) => new RegExp(`--tb-color-${name}: ([^;]+);`).exec(root)?.[1];

describe("the default theme's colours", () => {
  it('are the ones its stylesheet declares', () => {
    for (const [name, value] of Object.entries(THEME_COLORS)) expect(declared(name), name).toBe(value);
    expect(declared('secondary')).toBe('var(--tb-color-text)');
    expect(declared('accent')).toBe('var(--tb-color-primary)');
  });

  it('fill in what the site leaves unset, secondary and accent following text and primary', () => {
    expect(effectiveColors({})).toMatchObject({
      primary: '#1f5fbf',
      secondary: '#1d2125',
      accent: '#1f5fbf',
    });
    expect(effectiveColors({ primary: '#0b3d91', text: '#000000', muted: null })).toMatchObject({
      primary: '#0b3d91',
      accent: '#0b3d91',
      secondary: '#000000',
      muted: '#5b6470',
    });
  });
});
