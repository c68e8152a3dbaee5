import { describe, expect, it } from 'vitest';
import {
  builtinTypes,
  DEFAULT_CATEGORY,
  POST_CONTENT,
} from '../../../server/src/modules/content/types/builtin.js';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import { builtinWord } from './builtin-words.js';

const inFrench = (key: string) => {
  const value = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], fr);
  return String(value);
};
const inEnglish = (key: string) => {
  const value = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], en);
  return String(value);
};

describe('builtinWord', () => {
  it("shows the server's built-in words in the admin's language while they are unchanged", () => {
    expect(builtinWord(inFrench, 'Posts')).toBe('Articles');
    expect(builtinWord(inFrench, 'Content')).toBe('Contenu');
    expect(builtinWord(inFrench, 'Uncategorized')).toBe('Non classé');
    // English words stay the server's exactly.
    for (const word of ['Posts', 'Content', 'Uncategorized']) expect(builtinWord(inEnglish, word)).toBe(word);
  });

  it("knows every word the server's built-ins are made with", () => {
    const words = [
      ...builtinTypes.flatMap((type) => [type.singular_label, type.plural_label]),
      POST_CONTENT.label,
      POST_CONTENT.help_text ?? '',
      DEFAULT_CATEGORY.name,
    ];
    for (const word of words) {
      expect(builtinWord(inEnglish, word), word).toBe(word);
      expect(
        builtinWord((key) => key, word),
        word,
      ).toMatch(/^contentList\.builtin\./);
    }
  });

  it("keeps a user's own words", () => {
    expect(builtinWord(inFrench, 'Recettes')).toBe('Recettes');
    expect(builtinWord(inFrench, undefined)).toBeUndefined();
  });
});
