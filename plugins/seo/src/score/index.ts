import { analyseEntry } from './analysis.js';
import { keyphraseChecks } from './keyphrase-checks.js';
import { descriptionLength, duplicateDescription, duplicateTitle, titleLength } from './meta-checks.js';
import { paragraphLength, readability, sentenceLength } from './readability-checks.js';
import { contentLength, headings, imageAlt, internalLinks, outboundLinks } from './structure-checks.js';
import type { Check, CheckId, CheckStatus, Score, ScoreInput } from './types.js';

export type { Check, CheckId, CheckStatus, Score, ScoreInput } from './types.js';

/**
 * How much each check weighs in the score. What searchers see first (title, description) and what
 * the page is about (keyphrase in the title, enough text, readable text, no duplicate) weigh double.
 */
export const CHECK_WEIGHTS: Readonly<Record<CheckId, number>> = {
  title_length: 2,
  description_length: 2,
  keyphrase_set: 2,
  keyphrase_in_title: 2,
  keyphrase_in_slug: 1,
  keyphrase_in_introduction: 1,
  keyphrase_in_subheading: 1,
  keyphrase_in_description: 1,
  keyphrase_density: 1,
  headings: 1,
  image_alt: 1,
  internal_links: 1,
  outbound_links: 1,
  content_length: 2,
  sentence_length: 1,
  paragraph_length: 1,
  readability: 2,
  duplicate_title: 2,
  duplicate_description: 1,
};

const STATUS_VALUE: Readonly<Record<CheckStatus, number>> = { good: 1, improve: 0.5, problem: 0 };

/** The weighted mean of the checks' values (good 1, improve 0.5, problem 0), out of 100. */
export function scoreOf(checks: readonly Check[]): Score {
  let weighed = 0;
  let weights = 0;
  for (const check of checks) {
    weighed += CHECK_WEIGHTS[check.id] * STATUS_VALUE[check.status];
    weights += CHECK_WEIGHTS[check.id];
  }
  const score = weights === 0 ? 0 : Math.round((weighed / weights) * 100);
  return { score, rating: ratingOf(score), checks: [...checks] };
}

export function ratingOf(score: number): CheckStatus {
  return score >= 70 ? 'good' : score >= 40 ? 'improve' : 'problem';
}

/**
 * Scores an entry for search engines, as the editor types: pure and synchronous, the same code on
 * the server (the stored score of the content list) and in the browser (the editor panel).
 * `uiLocale` is the editor's language for the messages ('fr...' French, anything else English);
 * the content's own language comes in `input.contentLocale`.
 */
export function scoreEntry(input: ScoreInput, uiLocale: string): Score {
  const analysis = analyseEntry(input, uiLocale);
  const checks: Array<Check | undefined> = [
    titleLength(analysis),
    descriptionLength(analysis),
    ...keyphraseChecks(analysis),
    headings(analysis),
    imageAlt(analysis),
    internalLinks(analysis),
    outboundLinks(analysis),
    contentLength(analysis),
    sentenceLength(analysis),
    paragraphLength(analysis),
    readability(analysis),
    duplicateTitle(analysis),
    duplicateDescription(analysis),
  ];
  return scoreOf(checks.filter((check): check is Check => check !== undefined));
}
