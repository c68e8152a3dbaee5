import { describe, expect, it } from 'vitest';
import { englishSyllables, frenchSyllables, readingEase } from './readability.js';

describe('syllables', () => {
  it('counts English syllables, silent endings left out', () => {
    const words = {
      cat: 1,
      make: 1,
      makes: 1,
      jumped: 1,
      table: 2,
      wanted: 2,
      boxes: 2,
      agree: 2,
      garden: 2,
    };
    for (const [word, count] of Object.entries(words))
      expect([word, englishSyllables(word)]).toEqual([word, count]);
    expect(englishSyllables('beautiful')).toBe(3);
    expect(englishSyllables('Unbelievable')).toBe(5);
  });

  it('counts French syllables, the mute final e left out and "qu" a consonant', () => {
    const words = { pomme: 1, pommes: 1, café: 2, maison: 2, oiseau: 2, chocolat: 3, quatre: 1, été: 2 };
    for (const [word, count] of Object.entries(words))
      expect([word, frenchSyllables(word)]).toEqual([word, count]);
    expect(frenchSyllables('aujourd’hui')).toBe(3);
  });
});

describe('readingEase', () => {
  it('applies Flesch to English and Kandel–Moles to French', () => {
    const counts = { words: 100, sentences: 5, syllables: 150 };
    const english = readingEase('en', counts);
    const french = readingEase('fr', counts);
    expect(english.formula).toBe('flesch');
    expect(english.score).toBeCloseTo(206.835 - 1.015 * 20 - 84.6 * 1.5, 6);
    expect(french.formula).toBe('kandel-moles');
    expect(french.score).toBeCloseTo(207 - 1.015 * 20 - 73.6 * 1.5, 6);
  });

  it('keeps the score between 0 and 100', () => {
    expect(readingEase('en', { words: 4, sentences: 4, syllables: 4 }).score).toBe(100);
    expect(readingEase('en', { words: 60, sentences: 1, syllables: 240 }).score).toBe(0);
  });
});
