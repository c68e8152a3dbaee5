import { describe, expect, it } from 'vitest';
import { designProblems } from './design.js';

const say = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

describe('the design tokens, checked as design-tokens.ts does', () => {
  it('passes values within their ranges, and a colour set back to the theme (null)', () => {
    expect(
      designProblems(
        {
          font_size: 17,
          type_scale: 1.3,
          spacing: 0.5,
          radius: 0,
          colors: { primary: '#1a2B3c', accent: null },
        } as never,
        say,
      ),
    ).toEqual({});
  });

  it('says a number left empty, out of its range or with decimals where whole', () => {
    expect(designProblems({ font_size: '', type_scale: 2, spacing: 0.1, radius: 2.5 }, say)).toEqual({
      font_size: 'required',
      type_scale: 'maximum {"limit":1.6}',
      spacing: 'minimum {"limit":0.25}',
      radius: 'integer',
    });
  });

  it('says a colour that is not #rrggbb, by its path in the scheme', () => {
    expect(designProblems({ dark_colors: { primary: '#abc' } } as never, say)).toEqual({
      'dark_colors.primary': 'color',
    });
  });
});
