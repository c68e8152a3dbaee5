import { describe, expect, it } from 'vitest';
import { en, fr } from './words.js';

/** Every key of some nested words, with its text, `a.b.c` style. */
function flat(words: object, prefix = ''): Array<[string, string]> {
  return Object.entries(words).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value as object, `${prefix}${key}.`),
  );
}

describe("the SEO plugin's admin words", () => {
  it('has every English key in French, with the same values put in', () => {
    const french = new Map(flat(fr));
    for (const [key, text] of flat(en)) {
      expect(french.has(key), key).toBe(true);
      const names = (words: string) => [...words.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(names(french.get(key) ?? ''), key).toEqual(names(text));
    }
    expect(flat(fr).length).toBe(flat(en).length);
  });

  it('keeps a French colon and guillemets on the line of their words', () => {
    expect(fr.panel.titleCount).toBe('Titre\u00a0: {{count}} caractères sur {{most}}');
    expect(fr.bulk.titleOf).toBe('Titre SEO de «\u00a0{{title}}\u00a0»');
    expect(flat(fr).filter(([, text]) => / [:;!?»]|« /.test(text))).toEqual([]);
  });
});
