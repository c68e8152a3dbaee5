import type { Analysis, Prose } from './analysis.js';
import {
  containsAllWords,
  containsPhrase,
  containsSomeWords,
  type Keyphrase,
  KeyphraseUses,
  startsWithPhrase,
} from './keyphrase.js';
import { matchingWordsOf } from './text.js';
import type { Check } from './types.js';

const MAX_CONTENT_WORDS = 4;

/** Without a keyphrase only `keyphrase_set` is listed: seven checks all asking for one would drown the rest. */
export function keyphraseChecks(analysis: Analysis): Check[] {
  const { keyphrase, messages } = analysis;
  if (!keyphrase) return [{ id: 'keyphrase_set', status: 'improve', message: messages.keyphraseMissing() }];
  return [
    keyphraseSet(analysis, keyphrase),
    keyphraseInTitle(analysis, keyphrase),
    keyphraseInSlug(analysis, keyphrase),
    keyphraseInIntroduction(analysis, keyphrase),
    keyphraseInSubheading(analysis, keyphrase),
    keyphraseInDescription(analysis, keyphrase),
    keyphraseDensity(analysis, keyphrase),
  ];
}

function keyphraseSet({ input, messages }: Analysis, keyphrase: Keyphrase): Check {
  const id = 'keyphrase_set';
  const text = input.keyphrase.trim();
  return keyphrase.contentWords.length > MAX_CONTENT_WORDS
    ? { id, status: 'improve', message: messages.keyphraseTooLong(text, keyphrase.contentWords.length) }
    : { id, status: 'good', message: messages.keyphraseSet(text) };
}

/** At the start is best; the phrase later, or its words in another order, still helps. */
function keyphraseInTitle({ input, messages }: Analysis, keyphrase: Keyphrase): Check {
  const id = 'keyphrase_in_title';
  const words = matchingWordsOf(input.title);
  if (startsWithPhrase(words, keyphrase)) {
    return { id, status: 'good', message: messages.keyphraseStartsTitle() };
  }
  if (containsPhrase(words, keyphrase)) {
    return { id, status: 'improve', message: messages.keyphraseLaterInTitle() };
  }
  if (containsAllWords(words, keyphrase)) {
    return { id, status: 'improve', message: messages.keyphraseWordsInTitle() };
  }
  return { id, status: 'problem', message: messages.keyphraseNotInTitle() };
}

function decodedSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

function keyphraseInSlug({ input, messages }: Analysis, keyphrase: Keyphrase): Check {
  const id = 'keyphrase_in_slug';
  const words = matchingWordsOf(decodedSlug(input.slug));
  if (containsAllWords(words, keyphrase)) return { id, status: 'good', message: messages.keyphraseInSlug() };
  if (containsSomeWords(words, keyphrase)) {
    return { id, status: 'improve', message: messages.keyphrasePartlyInSlug() };
  }
  return { id, status: 'problem', message: messages.keyphraseNotInSlug() };
}

/** The first paragraph; a body without <p> (a list, bare text) opens with its first block of text. */
function introductionOf(prose: readonly Prose[]): Prose | undefined {
  return prose.find((paragraph) => paragraph.block.tag === 'p') ?? prose[0];
}

function keyphraseInIntroduction({ prose, matchingWords, messages }: Analysis, keyphrase: Keyphrase): Check {
  const id = 'keyphrase_in_introduction';
  const introduction = introductionOf(prose);
  if (!introduction) return { id, status: 'problem', message: messages.introductionMissing() };
  const sentences = introduction.sentences.map((sentence) => matchingWords.of(sentence.words));
  if (sentences.some((words) => containsAllWords(words, keyphrase))) {
    return { id, status: 'good', message: messages.keyphraseInIntroduction() };
  }
  if (containsAllWords(sentences.flat(), keyphrase)) {
    return { id, status: 'improve', message: messages.keyphraseSpreadInIntroduction() };
  }
  return { id, status: 'problem', message: messages.keyphraseNotInIntroduction() };
}

function keyphraseInSubheading({ headings, matchingWords, messages }: Analysis, keyphrase: Keyphrase): Check {
  const id = 'keyphrase_in_subheading';
  const subheadings = headings.filter(({ block }) => block.headingLevel === 2 || block.headingLevel === 3);
  if (subheadings.length === 0) return { id, status: 'improve', message: messages.subheadingsMissing() };
  const found = subheadings.filter(({ words }) =>
    containsAllWords(matchingWords.of(words), keyphrase),
  ).length;
  return found > 0
    ? { id, status: 'good', message: messages.keyphraseInSubheadings(found, subheadings.length) }
    : { id, status: 'improve', message: messages.keyphraseNotInSubheadings() };
}

function keyphraseInDescription({ input, messages }: Analysis, keyphrase: Keyphrase): Check {
  const id = 'keyphrase_in_description';
  if (input.description.trim() === '') {
    return { id, status: 'improve', message: messages.keyphraseDescriptionEmpty() };
  }
  return containsAllWords(matchingWordsOf(input.description), keyphrase)
    ? { id, status: 'good', message: messages.keyphraseInDescription() }
    : { id, status: 'problem', message: messages.keyphraseNotInDescription() };
}

const DENSITY_MIN_PERCENT = 0.5;
const DENSITY_MAX_PERCENT = 3;

/** Uses per hundred words of the body; a use of a longer phrase is one use, found within one sentence. */
function keyphraseDensity(analysis: Analysis, keyphrase: Keyphrase): Check {
  const { headings, prose, wordCount, messages } = analysis;
  const id = 'keyphrase_density';
  if (wordCount === 0) return { id, status: 'problem', message: messages.densityNoText() };
  const counter = new KeyphraseUses(keyphrase);
  let uses = 0;
  for (const paragraph of prose) {
    for (const sentence of paragraph.sentences) uses += counter.inSentence(sentence.words);
  }
  for (const heading of headings) uses += counter.inSentence(heading.words);
  if (uses === 0) return { id, status: 'problem', message: messages.keyphraseNotInText() };
  // Judged on the figure the message shows (one decimal), so "3%" never reads as over the limit.
  const density = Math.round((uses / wordCount) * 1000) / 10;
  if (density < DENSITY_MIN_PERCENT) {
    return { id, status: 'improve', message: messages.densityLow(uses, density) };
  }
  if (density <= DENSITY_MAX_PERCENT) {
    return { id, status: 'good', message: messages.densityGood(uses, density) };
  }
  return { id, status: 'problem', message: messages.densityHigh(uses, density) };
}
