import { describe, expect, it } from 'vitest';
import { languageOf } from './language.js';

describe("the caller's language", () => {
  it("is the profile's when it names one the server writes", () => {
    expect(languageOf('fr', 'en')).toBe('fr');
    expect(languageOf('fr-CA', undefined)).toBe('fr');
    expect(languageOf('en', 'fr')).toBe('en');
  });

  it('is the one Accept-Language weighs most otherwise, the first listed on a tie', () => {
    expect(languageOf(null, 'fr')).toBe('fr');
    expect(languageOf('und', 'fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('de', 'de-DE, en;q=0.5, fr;q=0.7')).toBe('fr');
    expect(languageOf(null, 'en;q=0.4, FR;q=0.6')).toBe('fr');
    expect(languageOf(null, 'fr, en')).toBe('fr');
    expect(languageOf(null, 'en, fr')).toBe('en');
  });

  it('is English for anything else', () => {
    expect(languageOf(null, undefined)).toBe('en');
    expect(languageOf('und', 'de, es;q=0.5, *;q=0.1')).toBe('en');
    expect(languageOf(null, 'fr;q=0')).toBe('en');
    expect(languageOf(null, 'fr;q=abc')).toBe('en');
    expect(languageOf(null, ';;,,')).toBe('en');
  });
});
