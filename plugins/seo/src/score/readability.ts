import type { ContentLanguage } from './text.js';

const ENGLISH_VOWELS = /[aeiouy]+/g;
const FRENCH_VOWELS = /[aeiouyàâäéèêëîïôöùûüÿæœ]+/g;

/**
 * English syllables by vowel groups, less the silent endings a reader does not say: "make", "jumped",
 * "makes" (but not "table", "wanted", "boxes"). A heuristic: Flesch scores only need the average right.
 */
export function englishSyllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length <= 3) return 1;
  let count = letters.match(ENGLISH_VOWELS)?.length ?? 0;
  if (count > 1) {
    const end = letters.slice(-3);
    const silentE = letters.endsWith('e') && !letters.endsWith('ee') && !/[^aeiouy]le$/.test(letters);
    const silentEd = letters.endsWith('ed') && !/[td]ed$/.test(end);
    const silentEs = letters.endsWith('es') && !/(?:[sxz]|ch|sh|[cg])es$/.test(letters.slice(-4));
    if (silentE || silentEd || silentEs) count--;
  }
  return Math.max(1, count);
}

/**
 * French syllables by vowel groups ("eau", "oi", "ou" are one), "qu" and "gu" counted as consonants,
 * and the mute final "e" or "es" of a word of more than one syllable dropped: "pomme", "pommes".
 */
export function frenchSyllables(word: string): number {
  const letters = word
    .toLowerCase()
    .replace(/[^a-zàâäéèêëîïôöùûüÿæœç]/g, '')
    .replace(/([qg])u(?=[aeiouyéèêëîï])/g, '$1');
  let count = letters.match(FRENCH_VOWELS)?.length ?? 0;
  if (count > 1 && /[^aeiouyàâäéèêëîïôöùûüÿ]es?$/.test(letters)) count--;
  return Math.max(1, count);
}

export type ReadabilityFormula = 'flesch' | 'kandel-moles';

export interface ReadabilityScore {
  formula: ReadabilityFormula;
  /** 0 (very hard) to 100 (very easy), clamped: the formulas can leave that range on odd texts. */
  score: number;
}

/**
 * Flesch reading ease for English; Kandel and Moles' adaptation of it for French, whose words have
 * more syllables on average (hence the smaller syllable weight).
 */
export function readingEase(
  language: ContentLanguage,
  counts: { words: number; sentences: number; syllables: number },
): ReadabilityScore {
  const wordsPerSentence = counts.words / Math.max(1, counts.sentences);
  const syllablesPerWord = counts.syllables / Math.max(1, counts.words);
  const raw =
    language === 'fr'
      ? 207 - 1.015 * wordsPerSentence - 73.6 * syllablesPerWord
      : 206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord;
  return { formula: language === 'fr' ? 'kandel-moles' : 'flesch', score: Math.min(100, Math.max(0, raw)) };
}

export function syllablesOf(word: string, language: ContentLanguage): number {
  return language === 'fr' ? frenchSyllables(word) : englishSyllables(word);
}
