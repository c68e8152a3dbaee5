import type { Analysis } from './analysis.js';
import { readingEase, syllablesOf } from './readability.js';
import type { Check } from './types.js';

// Without any text these three checks have nothing to go on: a problem, as an empty body is the worst case.

/** French sentences run longer than English ones for the same ease, hence a higher bar. */
const LONG_SENTENCE_WORDS = { en: 20, fr: 25 } as const;
const LONG_SENTENCES_GOOD_PERCENT = 25;
const LONG_SENTENCES_IMPROVE_PERCENT = 30;

export function sentenceLength({ prose, language, messages }: Analysis): Check {
  const id = 'sentence_length';
  const limit = LONG_SENTENCE_WORDS[language];
  let sentences = 0;
  let long = 0;
  for (const paragraph of prose) {
    sentences += paragraph.sentences.length;
    for (const sentence of paragraph.sentences) if (sentence.words.length > limit) long++;
  }
  if (sentences === 0) return { id, status: 'problem', message: messages.nothingToMeasure() };
  // Judged on the rounded share the message shows.
  const percent = Math.round((long / sentences) * 100);
  if (percent <= LONG_SENTENCES_GOOD_PERCENT) {
    return { id, status: 'good', message: messages.sentencesShortEnough(percent, limit) };
  }
  const status = percent <= LONG_SENTENCES_IMPROVE_PERCENT ? 'improve' : 'problem';
  return { id, status, message: messages.sentencesTooLong(percent, limit) };
}

const LONG_PARAGRAPH_WORDS = 150;
const VERY_LONG_PARAGRAPH_WORDS = 200;

export function paragraphLength({ prose, messages }: Analysis): Check {
  const id = 'paragraph_length';
  if (prose.length === 0) return { id, status: 'problem', message: messages.nothingToMeasure() };
  const long = prose.filter((paragraph) => paragraph.words > LONG_PARAGRAPH_WORDS);
  if (long.length === 0) return { id, status: 'good', message: messages.paragraphsShortEnough() };
  const longest = long.reduce((most, paragraph) => Math.max(most, paragraph.words), 0);
  const status = longest > VERY_LONG_PARAGRAPH_WORDS ? 'problem' : 'improve';
  return { id, status, message: messages.paragraphsTooLong(long.length, longest) };
}

export function readability({ prose, language, messages }: Analysis): Check {
  const id = 'readability';
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  // Texts repeat their words: each distinct one is counted once.
  const known = new Map<string, number>();
  for (const paragraph of prose) {
    sentences += paragraph.sentences.length;
    for (const sentence of paragraph.sentences) {
      for (const word of sentence.words) {
        let count = known.get(word);
        if (count === undefined) {
          count = syllablesOf(word, language);
          known.set(word, count);
        }
        words++;
        syllables += count;
      }
    }
  }
  if (words === 0) return { id, status: 'problem', message: messages.nothingToMeasure() };
  const { formula, score: raw } = readingEase(language, { words, sentences, syllables });
  const score = Math.round(raw);
  if (score >= 60) return { id, status: 'good', message: messages.readabilityEasy(formula, score) };
  if (score >= 30) return { id, status: 'improve', message: messages.readabilityFair(formula, score) };
  return { id, status: 'problem', message: messages.readabilityHard(formula, score) };
}
