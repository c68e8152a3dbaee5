import type { Messages } from './messages.js';
import type { ReadabilityFormula } from './readability.js';

const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

function count(n: number, one: string, many: string): string {
  return `${integer.format(n)} ${n === 1 ? one : many}`;
}

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${integer.format(n)} times`;
}

const TEST_NAMES: Record<ReadabilityFormula, string> = {
  flesch: 'Flesch reading ease',
  'kandel-moles': 'Kandel–Moles reading ease',
};

export const englishMessages: Messages = {
  titleEmpty: () =>
    'The SEO title is empty: write one of 30 to 60 characters that says what the page offers.',
  titleTooLong: (characters, px) =>
    `The SEO title is ${count(characters, 'character', 'characters')} (about ${integer.format(px)} px wide): keep it under 60 characters and 580 px so results do not cut it.`,
  titleTooShort: (characters) =>
    `The SEO title is only ${count(characters, 'character', 'characters')}: use more of the 60 available to tell searchers what they will find.`,
  titleFits: (characters) =>
    `The SEO title is ${count(characters, 'character', 'characters')}, a length that shows whole in search results.`,

  descriptionEmpty: () =>
    'There is no meta description, so search engines get the excerpt: write one of 120 to 160 characters.',
  descriptionTooShort: (characters) =>
    `The meta description is ${count(characters, 'character', 'characters')}: lengthen it to 120–160 so it fills the snippet.`,
  descriptionTooLong: (characters) =>
    `The meta description is ${count(characters, 'character', 'characters')}: shorten it to 160 or fewer so results do not cut it.`,
  descriptionFarTooLong: (characters) =>
    `The meta description is ${count(characters, 'character', 'characters')}, far more than results show: cut it to 160 or fewer.`,
  descriptionFits: (characters) =>
    `The meta description is ${count(characters, 'character', 'characters')}, within the 120–160 that results show.`,

  keyphraseMissing: () => 'No focus keyphrase is set: set one to see how well the entry targets it.',
  keyphraseTooLong: (keyphrase, contentWords) =>
    `The focus keyphrase “${keyphrase}” has ${count(contentWords, 'content word', 'content words')}: narrow it to four or fewer.`,
  keyphraseSet: (keyphrase) => `The focus keyphrase is “${keyphrase}”.`,

  keyphraseStartsTitle: () => 'The SEO title starts with the focus keyphrase.',
  keyphraseLaterInTitle: () =>
    'The SEO title contains the focus keyphrase but not at the start: move it forward, where it counts most.',
  keyphraseWordsInTitle: () =>
    'The SEO title has the words of the focus keyphrase but not the phrase itself: use the exact phrase, ideally at the start.',
  keyphraseNotInTitle: () =>
    'The SEO title does not contain the focus keyphrase: add it, ideally at the start.',

  keyphraseInSlug: () => 'The slug contains the focus keyphrase.',
  keyphrasePartlyInSlug: () => 'The slug has only some words of the focus keyphrase: put all of them in it.',
  keyphraseNotInSlug: () => 'The slug does not contain the focus keyphrase: put its words in the slug.',

  introductionMissing: () =>
    'The text has no first paragraph yet: open with one that uses the focus keyphrase.',
  keyphraseInIntroduction: () => 'The first paragraph uses the focus keyphrase.',
  keyphraseSpreadInIntroduction: () =>
    'The first paragraph has the words of the focus keyphrase but not in one sentence: use them together.',
  keyphraseNotInIntroduction: () =>
    'The first paragraph does not use the focus keyphrase: mention it early so readers and search engines see the topic.',

  subheadingsMissing: () =>
    'The text has no subheadings (h2 or h3): add some, and use the focus keyphrase in one.',
  keyphraseInSubheadings: (found, total) =>
    `The focus keyphrase is in ${integer.format(found)} of ${count(total, 'subheading', 'subheadings')} (h2 or h3).`,
  keyphraseNotInSubheadings: () =>
    'No subheading (h2 or h3) uses the focus keyphrase: use it in at least one.',

  keyphraseDescriptionEmpty: () =>
    'There is no meta description, so the excerpt is used: write one that contains the focus keyphrase.',
  keyphraseInDescription: () => 'The meta description contains the focus keyphrase.',
  keyphraseNotInDescription: () =>
    'The meta description does not contain the focus keyphrase: add it, as results highlight it there.',

  densityNoText: () => 'There is no text yet: write some that uses the focus keyphrase.',
  keyphraseNotInText: () =>
    'The text never uses the focus keyphrase: use it a few times where it reads naturally.',
  densityLow: (uses, density) =>
    `The text uses the focus keyphrase ${times(uses)}, a density of ${decimal.format(density)}%: use it a little more, aiming for 0.5–3%.`,
  densityGood: (uses, density) =>
    `The text uses the focus keyphrase ${times(uses)}, a density of ${decimal.format(density)}%, within 0.5–3%.`,
  densityHigh: (uses, density) =>
    `The text uses the focus keyphrase ${times(uses)}, a density of ${decimal.format(density)}%: use it less, under 3%, so the text does not read as stuffed.`,

  headingH1InBody: (n) =>
    `The text has ${count(n, 'h1 heading', 'h1 headings')} while the theme already shows the title as h1: make ${n === 1 ? 'it an h2' : 'them h2'}.`,
  headingSkipsLevel: (from, to) =>
    `The headings skip a level (h${from} then h${to}): use h${from + 1} there instead.`,
  headingsMissing: (words) =>
    `The text runs ${count(words, 'word', 'words')} without a subheading: break it up with h2 headings.`,
  headingsSound: () => 'The heading structure is sound: no h1 in the text and no skipped levels.',

  imagesMissing: () => 'The text has no image: add one, with alt text that describes it.',
  imagesWithoutAlt: (missing, total) =>
    `${integer.format(missing)} of ${count(total, 'image', 'images')} ${missing === 1 ? 'has' : 'have'} no alt text: describe each one for screen readers and search engines.`,
  imagesAllHaveAlt: (total) =>
    total === 1 ? 'The image has alt text.' : `All ${integer.format(total)} images have alt text.`,

  internalLinksMissing: () =>
    'The text has no link to other pages of this site: add some so readers and search engines find them.',
  internalLinks: (n) => `The text has ${count(n, 'link', 'links')} to other pages of this site.`,
  outboundLinksMissing: () =>
    'The text has no link to other sites: link to a useful source where it helps the reader.',
  outboundLinks: (n) => `The text has ${count(n, 'link', 'links')} to other sites.`,

  contentEmpty: () => 'The text is empty: write at least 300 words.',
  contentTooShort: (words) =>
    `The text is only ${count(words, 'word', 'words')} long: write at least 300 so the page has substance.`,
  contentFairlyShort: (words) => `The text is ${count(words, 'word', 'words')} long: aim for at least 300.`,
  contentLongEnough: (words) =>
    `The text is ${count(words, 'word', 'words')} long, enough to cover the topic.`,

  nothingToMeasure: () => 'There is no text to measure yet: write a few paragraphs.',
  sentencesShortEnough: (percent, limit) =>
    `${integer.format(percent)}% of the sentences have more than ${limit} words, within the 25% limit.`,
  sentencesTooLong: (percent, limit) =>
    `${integer.format(percent)}% of the sentences have more than ${limit} words: shorten some, to 25% or fewer.`,

  paragraphsShortEnough: () => 'No paragraph is longer than 150 words.',
  paragraphsTooLong: (n, longest) =>
    `${count(n, 'paragraph is', 'paragraphs are')} longer than 150 words (the longest has ${integer.format(longest)}): split ${n === 1 ? 'it' : 'them'}.`,

  readabilityEasy: (formula, score) =>
    `The text scores ${integer.format(score)} on the ${TEST_NAMES[formula]} test, which is easy to read.`,
  readabilityFair: (formula, score) =>
    `The text scores ${integer.format(score)} on the ${TEST_NAMES[formula]} test, fairly hard: use shorter sentences and simpler words.`,
  readabilityHard: (formula, score) =>
    `The text scores ${integer.format(score)} on the ${TEST_NAMES[formula]} test, hard to read: use shorter sentences and simpler words.`,

  titleUnique: () => 'No other entry has this SEO title.',
  titleDuplicated: () => 'Another entry has the same SEO title: give this one its own.',
  descriptionUnique: () => 'No other entry has this meta description.',
  descriptionNotCompared: () => 'There is no meta description to compare with other entries.',
  descriptionDuplicated: () => 'Another entry has the same meta description: write one for this entry.',
};
