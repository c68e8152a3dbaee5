import { describe, expect, it } from 'vitest';
import { MENU_ITEM_PATTERNS } from './menu-item-rules.js';

/** As a browser compiles a `pattern` attribute: anchored, with the v flag. */
const accepts = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, 'v').test(value);

describe("a menu item's formats, as navigation/menus/service.ts has them", () => {
  it('takes a path of the site, an anchor, an http(s), mailto: or tel: address', () => {
    for (const url of [
      '/about',
      '#top',
      'https://example.com/a?b=c',
      'HTTP://x',
      'mailto:a@b.c',
      'tel:+331',
      ' /trimmed ',
    ])
      expect(accepts(MENU_ITEM_PATTERNS.url, url), url).toBe(true);
    for (const url of ['//evil.example', 'about', 'ftp://x', 'javascript:alert(1)', '/a b'])
      expect(accepts(MENU_ITEM_PATTERNS.url, url), url).toBe(false);
  });

  it('takes rel words in lowercase separated by single spaces', () => {
    expect(accepts(MENU_ITEM_PATTERNS.rel, 'nofollow noopener')).toBe(true);
    for (const rel of ['NoFollow', 'a  b', 'no-follow'])
      expect(accepts(MENU_ITEM_PATTERNS.rel, rel), rel).toBe(false);
  });

  it('takes class names separated by spaces', () => {
    expect(accepts(MENU_ITEM_PATTERNS.css_class, 'menu-item _x is-2')).toBe(true);
    for (const name of ['2col', 'a.b', 'a  b'])
      expect(accepts(MENU_ITEM_PATTERNS.css_class, name), name).toBe(false);
  });
});
