import { describe, expect, it } from 'vitest';
import {
  contentLanguageOf,
  foldForMatching,
  MatchingWords,
  matchingWordsOf,
  sentencesOf,
  wordsOf,
} from './text.js';

describe('contentLanguageOf', () => {
  it('reads French from any French locale, and English from anything else', () => {
    expect(['fr', 'fr-CA', 'FR_be', ' fr '].map(contentLanguageOf)).toEqual(['fr', 'fr', 'fr', 'fr']);
    expect(['en', 'en-GB', 'de', ''].map(contentLanguageOf)).toEqual(['en', 'en', 'en', 'en']);
  });
});

describe('wordsOf', () => {
  it('keeps apostrophes and hyphens inside words, and drops punctuation', () => {
    expect(wordsOf("L’été, l'an — porte-monnaie : don’t stop! 3,5 €")).toEqual([
      'L’été',
      "l'an",
      'porte-monnaie',
      'don’t',
      'stop',
      '3',
      '5',
    ]);
  });

  it('keeps a decomposed accent inside its word', () => {
    expect(wordsOf('e\u0301te\u0301 naif')).toEqual(['e\u0301te\u0301', 'naif']);
  });
});

describe('sentencesOf', () => {
  it('ends a sentence at a stop followed by space and a word that does not start in lower case', () => {
    expect(sentencesOf('One. Two! Three? “Four.” Five… Six')).toEqual([
      'One.',
      'Two!',
      'Three?',
      '“Four.”',
      'Five…',
      'Six',
    ]);
  });

  it('keeps abbreviations and decimals inside their sentence', () => {
    expect(sentencesOf('Use e.g. salt or 3.5 g of it. Then stir.')).toEqual([
      'Use e.g. salt or 3.5 g of it.',
      'Then stir.',
    ]);
  });

  it('handles French spacing before stops and closing guillemets', () => {
    expect(sentencesOf('Pourquoi ? Parce que « c’est ainsi. » Voilà !')).toEqual([
      'Pourquoi ?',
      'Parce que « c’est ainsi. »',
      'Voilà !',
    ]);
  });
});

describe('foldForMatching and matchingWordsOf', () => {
  it('folds case, accents, ligatures and apostrophes', () => {
    expect(foldForMatching('L’Œuvre Été ÇA naïve Straße')).toBe("l'oeuvre ete ca naive strasse");
  });

  it('drops French elisions and English possessives, and splits compounds', () => {
    expect(matchingWordsOf('L’assurance-vie d’aujourd’hui, jusqu’à l’été. The garden’s soil')).toEqual([
      'assurance',
      'vie',
      'aujourdhui',
      'a',
      'ete',
      'the',
      'garden',
      'soil',
    ]);
  });

  it('gives the same words through the per-word cache', () => {
    const text = 'L’Été est là. L’été passe vite, l’été.';
    expect(new MatchingWords().of(wordsOf(text))).toEqual(matchingWordsOf(text));
  });
});

describe('wordsOf against the pattern it implements', () => {
  const WORD = /[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu;

  it.each([
    "L’été, l'an — porte-monnaie : don’t stop! 3,5 €",
    "Trailing hyphen- and apostrophe' and -leading 'quotes' -- x--y x''y",
    'Ελληνικά, русский, 中文字符, العربية, हिन्दी',
    'Math 𝐀𝐁𝐂 and emoji 😀 between words, 𠀀 beyond the BMP',
    'tab\tnewline\nno-break\u00a0space\u202fnarrow',
  ])('splits %j as the regular expression does', (text) => {
    expect(wordsOf(text)).toEqual(text.match(WORD) ?? []);
  });
});
