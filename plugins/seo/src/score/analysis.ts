import { type Body, readBody, type TextBlock } from './body.js';
import { type Keyphrase, parseKeyphrase } from './keyphrase.js';
import { type Messages, messagesFor } from './messages.js';
import { type ContentLanguage, contentLanguageOf, MatchingWords, sentencesOf, wordsOf } from './text.js';
import type { ScoreInput } from './types.js';

export interface Sentence {
  /** Its words as wordsOf gives them. */
  words: string[];
}

/** A block of running text (not a heading), with its sentences. */
export interface Prose {
  block: TextBlock;
  words: number;
  sentences: Sentence[];
}

/** What every check reads: the entry parsed once, each text split into words once. */
export interface Analysis {
  input: ScoreInput;
  language: ContentLanguage;
  messages: Messages;
  body: Body;
  /** Words of the whole body, headings included. */
  wordCount: number;
  prose: Prose[];
  headings: Array<{ block: TextBlock; words: string[] }>;
  /** undefined when no keyphrase is set. */
  keyphrase: Keyphrase | undefined;
  /** The body's words as the keyphrase checks compare them. */
  matchingWords: MatchingWords;
}

export function analyseEntry(input: ScoreInput, uiLocale: string): Analysis {
  const language = contentLanguageOf(input.contentLocale);
  const body = readBody(input.html);
  let wordCount = 0;
  const prose: Prose[] = [];
  const headings: Analysis['headings'] = [];
  for (const block of body.blocks) {
    if (block.headingLevel > 0) {
      const words = wordsOf(block.text);
      wordCount += words.length;
      headings.push({ block, words });
      continue;
    }
    let words = 0;
    const sentences = sentencesOf(block.text).map((text) => {
      const sentence = { words: wordsOf(text) };
      words += sentence.words.length;
      return sentence;
    });
    wordCount += words;
    prose.push({ block, words, sentences });
  }
  const keyphrase = input.keyphrase.trim() === '' ? undefined : parseKeyphrase(input.keyphrase, language);
  return {
    input,
    language,
    messages: messagesFor(uiLocale),
    body,
    wordCount,
    prose,
    headings,
    keyphrase: keyphrase && keyphrase.words.length > 0 ? keyphrase : undefined,
    matchingWords: new MatchingWords(),
  };
}

/** Characters as a reader counts them (code points, so an emoji is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text.trim()) count++;
  return count;
}
