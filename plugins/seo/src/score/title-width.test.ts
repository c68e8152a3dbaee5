import { describe, expect, it } from 'vitest';
import { titleWidthPx } from './title-width.js';

describe('titleWidthPx', () => {
  it('makes narrow letters narrow and wide letters wide', () => {
    expect(titleWidthPx('iiiiiiiiii')).toBeLessThan(titleWidthPx('mmmmmmmmmm') / 3);
    expect(titleWidthPx('WWWWW')).toBeGreaterThan(titleWidthPx('wwwww'));
    expect(titleWidthPx('Abc')).toBeGreaterThan(titleWidthPx('abc'));
  });

  it('measures an accented letter as its base letter', () => {
    expect(titleWidthPx('été')).toBe(titleWidthPx('ete'));
  });

  it('puts an ordinary 60-character title near the 580 px that results show', () => {
    const title = 'How to grow tomatoes in pots on a small balcony this summer';
    expect(title).toHaveLength(59);
    const width = titleWidthPx(title);
    expect(width).toBeGreaterThan(480);
    expect(width).toBeLessThan(600);
  });

  it('finds 50 capitals too wide and 70 narrow letters not', () => {
    expect(titleWidthPx('W'.repeat(50))).toBeGreaterThan(580);
    expect(titleWidthPx('il'.repeat(35))).toBeLessThan(580);
  });
});
