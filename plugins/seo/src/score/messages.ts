import { englishMessages } from './messages-en.js';
import { frenchMessages } from './messages-fr.js';
import type { ReadabilityFormula } from './readability.js';

/** Every sentence a check can say, in one language. Numbers arrive raw; each language formats them. */
export interface Messages {
  titleEmpty(): string;
  titleTooLong(characters: number, px: number): string;
  titleTooShort(characters: number): string;
  titleFits(characters: number): string;

  descriptionEmpty(): string;
  descriptionTooShort(characters: number): string;
  descriptionTooLong(characters: number): string;
  descriptionFarTooLong(characters: number): string;
  descriptionFits(characters: number): string;

  keyphraseMissing(): string;
  keyphraseTooLong(keyphrase: string, contentWords: number): string;
  keyphraseSet(keyphrase: string): string;

  keyphraseStartsTitle(): string;
  keyphraseLaterInTitle(): string;
  keyphraseWordsInTitle(): string;
  keyphraseNotInTitle(): string;

  keyphraseInSlug(): string;
  keyphrasePartlyInSlug(): string;
  keyphraseNotInSlug(): string;

  introductionMissing(): string;
  keyphraseInIntroduction(): string;
  keyphraseSpreadInIntroduction(): string;
  keyphraseNotInIntroduction(): string;

  subheadingsMissing(): string;
  keyphraseInSubheadings(count: number, total: number): string;
  keyphraseNotInSubheadings(): string;

  keyphraseDescriptionEmpty(): string;
  keyphraseInDescription(): string;
  keyphraseNotInDescription(): string;

  densityNoText(): string;
  keyphraseNotInText(): string;
  densityLow(uses: number, density: number): string;
  densityGood(uses: number, density: number): string;
  densityHigh(uses: number, density: number): string;

  headingH1InBody(count: number): string;
  headingSkipsLevel(from: number, to: number): string;
  headingsMissing(words: number): string;
  headingsSound(): string;

  imagesMissing(): string;
  imagesWithoutAlt(missing: number, total: number): string;
  imagesAllHaveAlt(total: number): string;

  internalLinksMissing(): string;
  internalLinks(count: number): string;
  outboundLinksMissing(): string;
  outboundLinks(count: number): string;

  contentEmpty(): string;
  contentTooShort(words: number): string;
  contentFairlyShort(words: number): string;
  contentLongEnough(words: number): string;

  nothingToMeasure(): string;
  sentencesShortEnough(percent: number, limit: number): string;
  sentencesTooLong(percent: number, limit: number): string;

  paragraphsShortEnough(): string;
  paragraphsTooLong(count: number, longest: number): string;

  readabilityEasy(formula: ReadabilityFormula, score: number): string;
  readabilityFair(formula: ReadabilityFormula, score: number): string;
  readabilityHard(formula: ReadabilityFormula, score: number): string;

  titleUnique(): string;
  titleDuplicated(): string;
  descriptionUnique(): string;
  descriptionNotCompared(): string;
  descriptionDuplicated(): string;
}

/** The editor's language: French for 'fr' and its regional forms, English for anything else. */
export function messagesFor(uiLocale: string): Messages {
  return uiLocale.trim().toLowerCase().split(/[-_]/)[0] === 'fr' ? frenchMessages : englishMessages;
}
