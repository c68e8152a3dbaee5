import { describe, expect, it } from 'vitest';
import {
  containsAllWords,
  containsPhrase,
  containsSomeWords,
  KeyphraseUses,
  parseKeyphrase,
  sameWord,
  startsWithPhrase,
} from './keyphrase.js';
import { matchingWordsOf, wordsOf } from './text.js';

describe('parseKeyphrase', () => {
  it('keeps content words apart from function words, per language', () => {
    expect(parseKeyphrase('How to grow tomatoes', 'en')).toMatchObject({
      words: ['how', 'to', 'grow', 'tomatoes'],
      contentWords: ['grow', 'tomatoes'],
    });
    expect(parseKeyphrase('L’assurance de la maison', 'fr').contentWords).toEqual(['assurance', 'maison']);
  });

  it('keeps every word when all are function words', () => {
    expect(parseKeyphrase('to be or not', 'en').contentWords).toEqual(['to', 'be', 'or', 'not']);
  });
});

describe('sameWord', () => {
  it('takes singular and plural as the same word', () => {
    expect(sameWord('tomato', 'tomatoes', 'en')).toBe(true);
    expect(sameWord('garden', 'gardens', 'en')).toBe(true);
    expect(sameWord('bijoux', 'bijou', 'fr')).toBe(true);
    expect(sameWord('maisons', 'maison', 'fr')).toBe(true);
  });

  it('does not stretch to other words', () => {
    expect(sameWord('car', 'card', 'en')).toBe(false);
    expect(sameWord('bijou', 'bijoux', 'en')).toBe(false);
    expect(sameWord('as', 'a', 'en')).toBe(false);
  });
});

describe('phrase matching', () => {
  const en = parseKeyphrase('grow tomatoes', 'en');
  const fr = parseKeyphrase('assurance vie', 'fr');

  it('finds the phrase at the start, case- and accent-insensitively, past an elision', () => {
    expect(startsWithPhrase(matchingWordsOf('Grow Tomatoes at home'), en)).toBe(true);
    expect(startsWithPhrase(matchingWordsOf('L’Assurance-Vie expliquée'), fr)).toBe(true);
    expect(startsWithPhrase(matchingWordsOf('How to grow tomatoes'), en)).toBe(false);
  });

  it('finds the exact phrase anywhere, or its words in any order', () => {
    const words = matchingWordsOf('How to grow tomatoes');
    expect(containsPhrase(words, en)).toBe(true);
    const reversed = matchingWordsOf('Tomatoes: how to grow them');
    expect(containsPhrase(reversed, en)).toBe(false);
    expect(containsAllWords(reversed, en)).toBe(true);
    expect(containsAllWords(matchingWordsOf('La vie et son assurance'), fr)).toBe(true);
  });

  it('tells some words from none', () => {
    expect(containsSomeWords(matchingWordsOf('grow-beans'), en)).toBe(true);
    expect(containsAllWords(matchingWordsOf('grow-beans'), en)).toBe(false);
    expect(containsSomeWords(matchingWordsOf('beans'), en)).toBe(false);
  });

  it('counts a use per complete set of content words in a sentence', () => {
    const uses = new KeyphraseUses(en);
    expect(uses.inSentence(wordsOf('Grow tomatoes, and grow more tomatoes.'))).toBe(2);
    expect(uses.inSentence(wordsOf('Grow tomatoes and grow beans.'))).toBe(1);
    expect(uses.inSentence(wordsOf('Grow beans.'))).toBe(0);
    const french = new KeyphraseUses(fr);
    expect(french.inSentence(wordsOf('L’Assurance-Vie, une assurance pour la vie.'))).toBe(2);
  });
});
