import { describe, expect, it } from 'vitest';
import { baseLanguage, chosenLanguage, templateLanguages } from './languages.js';

describe('the languages of a template', () => {
  it("offers the site's languages first, as base languages, then English and French", () => {
    expect(templateLanguages({ default_locale: 'de-DE', locales: ['de-DE', 'fr-CA', 'it'] })).toEqual([
      'de',
      'fr',
      'it',
      'en',
    ]);
    expect(templateLanguages({ default_locale: 'en', locales: ['en'] })).toEqual(['en', 'fr']);
  });

  it('passes over tags that name no language', () => {
    expect(baseLanguage('und')).toBeNull();
    expect(baseLanguage('')).toBeNull();
    expect(templateLanguages({ default_locale: 'und', locales: [] })).toEqual(['en', 'fr']);
  });

  it("opens the language asked for when offered, else the site's", () => {
    expect(chosenLanguage(['de', 'en', 'fr'], 'fr')).toBe('fr');
    expect(chosenLanguage(['de', 'en', 'fr'], 'es')).toBe('de');
    expect(chosenLanguage(['de', 'en', 'fr'], null)).toBe('de');
  });
});
