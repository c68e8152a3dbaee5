import { type ContentLanguage, matchingFormsOf, matchingWordsOf } from './text.js';

// Function words, folded. A keyphrase is matched by its content words, so "assurance de la maison"
// is found in "la maison et son assurance".
const FUNCTION_WORDS: Readonly<Record<ContentLanguage, ReadonlySet<string>>> = {
  en: new Set(
    (
      'a an the and or but nor of in on at to for from by with about as into onto than that this these ' +
      'those is are was were be been being it its your you my our their his her how what why when where ' +
      'who which do does can will not no vs versus per'
    ).split(' '),
  ),
  fr: new Set(
    (
      'le la les un une des de du et ou a au aux en dans sur sous pour par avec sans ce cet cette ces son ' +
      'sa ses mon ma mes ton ta tes notre nos votre vos leur leurs qui que quoi dont est sont comment ' +
      'pourquoi quand ne pas se y il elle ils elles on nous vous je tu chez entre vers'
    ).split(' '),
  ),
};

export interface Keyphrase {
  /** Every word of the phrase, in order, as matchingWordsOf gives them. */
  words: string[];
  /** The words that carry meaning: all of them when the phrase is nothing but function words. */
  contentWords: string[];
  language: ContentLanguage;
}

export function parseKeyphrase(text: string, language: ContentLanguage): Keyphrase {
  const words = matchingWordsOf(text);
  const contentWords = words.filter((word) => !FUNCTION_WORDS[language].has(word));
  return { words, contentWords: contentWords.length > 0 ? contentWords : words, language };
}

/**
 * Same word, singular or plural: "car" and "cars", "box" and "boxes", French "bijou" and "bijoux".
 * Enough for a keyphrase check without a stemmer per language.
 */
export function sameWord(a: string, b: string, language: ContentLanguage): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length < 3 || !long.startsWith(short)) return false;
  const ending = long.slice(short.length);
  return ending === 's' || (language === 'en' ? ending === 'es' : ending === 'x');
}

function phraseAt(words: readonly string[], at: number, phrase: Keyphrase): boolean {
  if (at + phrase.words.length > words.length) return false;
  return phrase.words.every((word, offset) => sameWord(words[at + offset] ?? '', word, phrase.language));
}

export function startsWithPhrase(words: readonly string[], phrase: Keyphrase): boolean {
  return phrase.words.length > 0 && phraseAt(words, 0, phrase);
}

/** The exact phrase, its words in order and side by side. */
export function containsPhrase(words: readonly string[], phrase: Keyphrase): boolean {
  if (phrase.words.length === 0) return false;
  for (let at = 0; at + phrase.words.length <= words.length; at++) {
    if (phraseAt(words, at, phrase)) return true;
  }
  return false;
}

function occurrences(words: readonly string[], word: string, language: ContentLanguage): number {
  let count = 0;
  for (const candidate of words) if (sameWord(candidate, word, language)) count++;
  return count;
}

/** Every content word of the phrase, in any order. */
export function containsAllWords(words: readonly string[], phrase: Keyphrase): boolean {
  return (
    phrase.contentWords.length > 0 &&
    phrase.contentWords.every((word) => occurrences(words, word, phrase.language) > 0)
  );
}

export function containsSomeWords(words: readonly string[], phrase: Keyphrase): boolean {
  return phrase.contentWords.some((word) => occurrences(words, word, phrase.language) > 0);
}

const NO_MATCH: readonly number[] = [];

/**
 * Counts the phrase's uses in the body's sentences. A use needs all the content words, so a sentence
 * counts as many uses as its rarest content word appears. A body repeats its words, so each distinct
 * word is matched against the phrase once.
 */
export class KeyphraseUses {
  readonly #phrase: Keyphrase;
  /** For each word seen, the indexes of the content words it matches (once per matching form). */
  readonly #matches = new Map<string, readonly number[]>();
  readonly #counts: number[];

  constructor(phrase: Keyphrase) {
    this.#phrase = phrase;
    this.#counts = phrase.contentWords.map(() => 0);
  }

  /** Uses in one sentence, given its words as wordsOf gives them (unfolded). */
  inSentence(words: readonly string[]): number {
    const counts = this.#counts;
    if (counts.length === 0) return 0;
    counts.fill(0);
    for (const word of words) {
      for (const index of this.#matchesOf(word)) counts[index] = (counts[index] ?? 0) + 1;
    }
    let uses = Number.POSITIVE_INFINITY;
    for (const count of counts) uses = Math.min(uses, count);
    return uses;
  }

  #matchesOf(word: string): readonly number[] {
    let matches = this.#matches.get(word);
    if (matches === undefined) {
      const found: number[] = [];
      const { contentWords, language } = this.#phrase;
      for (const form of matchingFormsOf(word)) {
        contentWords.forEach((content, index) => {
          if (sameWord(form, content, language)) found.push(index);
        });
      }
      matches = found.length > 0 ? found : NO_MATCH;
      this.#matches.set(word, matches);
    }
    return matches;
  }
}
