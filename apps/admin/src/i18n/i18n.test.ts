import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { fr } from './fr.js';
import { BROWSER_LANGUAGE, languageFor } from './index.js';

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("the admin's languages", () => {
  it('have the same keys in English and French, none empty, with the same placeholders', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const lookup = (messages: object, key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    for (const key of keys(en)) {
      expect(lookup(fr, key).trim(), key).not.toBe('');
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(lookup(fr, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });

  it("follow the browser's languages, else English", () => {
    expect(languageFor(['fr-FR', 'en'])).toBe('fr');
    expect(languageFor(['de-DE', 'fr'])).toBe('fr');
    expect(languageFor(['de-DE'])).toBe('en');
  });

  it("take the profile's language first, and the browser's when the profile leaves it undetermined", () => {
    expect(languageFor(['fr', 'en-GB'])).toBe('fr');
    expect(languageFor([BROWSER_LANGUAGE, 'fr-CA', 'en'])).toBe('fr');
  });
});
