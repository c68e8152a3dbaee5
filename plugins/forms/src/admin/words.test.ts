import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en, fr } from './words.js';

/** Every key of some nested words, with its text, `a.b.c` style. */
function flat(words: object, prefix = ''): Array<[string, string]> {
  return Object.entries(words).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value as object, `${prefix}${key}.`),
  );
}

const names = (words: string) => [...words.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the forms plugin's admin words", () => {
  it('has every English key in French, with the same values put in', () => {
    const french = new Map(flat(fr));
    for (const [key, text] of flat(en)) {
      expect(french.has(key), key).toBe(true);
      expect(names(french.get(key) ?? ''), key).toEqual(names(text));
    }
    expect(flat(fr).length).toBe(flat(en).length);
  });

  it('keeps a French colon, question mark and guillemets on the line of their words', () => {
    expect(flat(fr).filter(([, text]) => / [:;!?»]|« /.test(text))).toEqual([]);
  });

  it('has every key the screens ask for, in both languages', () => {
    const keys = new Set(flat(en).map(([key]) => key.replace(/_(one|other)$/, '')));
    const folder = new URL('.', import.meta.url);
    const asked = readdirSync(folder)
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => [...readFileSync(new URL(file, folder), 'utf8').matchAll(/\bt\('([a-zA-Z_.]+)'/g)])
      .map((match) => match[1] as string);
    expect(asked.length).toBeGreaterThan(100);
    expect(asked.filter((key) => !keys.has(key))).toEqual([]);
  });
});
