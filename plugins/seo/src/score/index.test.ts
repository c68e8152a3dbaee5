import { describe, expect, it } from 'vitest';
import { ENGLISH_ENTRY, FRENCH_ENTRY } from './fixtures.js';
import { CHECK_WEIGHTS, ratingOf, scoreEntry, scoreOf } from './index.js';
import { englishMessages } from './messages-en.js';
import { frenchMessages } from './messages-fr.js';
import type { Check, CheckId, ScoreInput } from './types.js';

const ALL_IDS: CheckId[] = [
  'title_length',
  'description_length',
  'keyphrase_set',
  'keyphrase_in_title',
  'keyphrase_in_slug',
  'keyphrase_in_introduction',
  'keyphrase_in_subheading',
  'keyphrase_in_description',
  'keyphrase_density',
  'headings',
  'image_alt',
  'internal_links',
  'outbound_links',
  'content_length',
  'sentence_length',
  'paragraph_length',
  'readability',
  'duplicate_title',
  'duplicate_description',
];

describe('scoreEntry', () => {
  it('lists every check, in a stable order, and scores entries that pass them all 100', () => {
    for (const [entry, uiLocale] of [
      [ENGLISH_ENTRY, 'en'],
      [FRENCH_ENTRY, 'fr'],
    ] as const) {
      const score = scoreEntry(entry, uiLocale);
      expect(score.checks.map((check) => check.id)).toEqual(ALL_IDS);
      expect(score.checks.filter((check) => check.status !== 'good')).toEqual([]);
      expect(score).toMatchObject({ score: 100, rating: 'good' });
    }
  });

  it('speaks the editor’s language, whatever the content’s', () => {
    const french = scoreEntry(ENGLISH_ENTRY, 'fr-CA').checks[0]?.message;
    expect(french).toMatch(/^Le titre SEO fait 55 caractères/);
    for (const uiLocale of ['en', 'en-US', 'de', '']) {
      expect(scoreEntry(FRENCH_ENTRY, uiLocale).checks[0]?.message).toMatch(
        /^The SEO title is 56 characters/,
      );
    }
  });

  it('rates an empty entry a problem, with something to do for nearly every check', () => {
    const empty: ScoreInput = {
      title: '',
      description: '',
      slug: '',
      keyphrase: '',
      html: '',
      contentLocale: 'en',
      origin: 'https://example.com',
    };
    const score = scoreEntry(empty, 'en');
    expect(score.rating).toBe('problem');
    // Only the heading structure has nothing wrong with it.
    expect(score.checks.filter((check) => check.status === 'good').map((check) => check.id)).toEqual([
      'headings',
    ]);
  });

  it('scores 300 KB of HTML whole', () => {
    const section = `${ENGLISH_ENTRY.html}<script>var ignored = "<p>not text</p>";</script>`;
    const copies = Math.ceil(300_000 / section.length);
    const one = scoreEntry(ENGLISH_ENTRY, 'en');
    const many = scoreEntry({ ...ENGLISH_ENTRY, html: section.repeat(copies) }, 'en');
    const words = (score: typeof one) =>
      Number(
        /(\d[\d,]*) words/
          .exec(score.checks.find((check) => check.id === 'content_length')?.message ?? '')?.[1]
          ?.replace(/,/g, ''),
      );
    expect(words(many)).toBe(words(one) * copies);
    expect(many.checks.find((check) => check.id === 'image_alt')?.message).toBe(
      `All ${copies} images have alt text.`,
    );
    expect(many.checks.find((check) => check.id === 'keyphrase_density')?.status).toBe('good');
  });
});

describe('the score', () => {
  const check = (id: CheckId, status: Check['status']): Check => ({ id, status, message: '' });

  it('is the weighted mean of the checks: good 1, improve 0.5, problem 0', () => {
    // Weights 2, 1 and 1: (2 × 1 + 1 × 0.5 + 1 × 0) / 4 = 62.5, rounded.
    expect(CHECK_WEIGHTS.title_length).toBe(2);
    expect(CHECK_WEIGHTS.headings).toBe(1);
    expect(CHECK_WEIGHTS.image_alt).toBe(1);
    const score = scoreOf([
      check('title_length', 'good'),
      check('headings', 'improve'),
      check('image_alt', 'problem'),
    ]);
    expect(score).toMatchObject({ score: 63, rating: 'improve' });
  });

  it('weighs the checks of a real entry as CHECK_WEIGHTS says', () => {
    const { score, checks } = scoreEntry(
      { ...FRENCH_ENTRY, title: '', slug: 'rien', html: '<p>Court.</p>' },
      'fr',
    );
    const value = { good: 1, improve: 0.5, problem: 0 };
    const weighed = checks.reduce((sum, one) => sum + CHECK_WEIGHTS[one.id] * value[one.status], 0);
    const weights = checks.reduce((sum, one) => sum + CHECK_WEIGHTS[one.id], 0);
    expect(score).toBe(Math.round((weighed / weights) * 100));
  });

  it('rates 70 and over good, 40 to 69 improve, under 40 problem', () => {
    expect([100, 70, 69, 40, 39, 0].map(ratingOf)).toEqual([
      'good',
      'good',
      'improve',
      'improve',
      'problem',
      'problem',
    ]);
    expect(scoreOf(ALL_IDS.map((id) => check(id, 'improve')))).toMatchObject({
      score: 50,
      rating: 'improve',
    });
    expect(scoreOf(ALL_IDS.map((id) => check(id, 'problem')))).toMatchObject({ score: 0, rating: 'problem' });
    expect(scoreOf([])).toMatchObject({ score: 0, rating: 'problem' });
  });
});

describe('messages', () => {
  // Every message of both languages, with sample values.
  function everyMessage(messages: typeof englishMessages): Array<[string, string]> {
    return Object.entries(messages).map(([name, say]) => {
      const args = name.startsWith('readability')
        ? ['kandel-moles', 42]
        : name.startsWith('keyphraseTooLong') || name === 'keyphraseSet'
          ? ['assurance vie', 5]
          : [2, 3];
      return [name, (say as (...values: unknown[]) => string)(...args)];
    });
  }

  it('are one sentence each, starting with a capital or a number and ending with a full stop', () => {
    for (const [name, message] of [...everyMessage(englishMessages), ...everyMessage(frenchMessages)]) {
      expect([name, /^[A-Z0-9ÀÉ]/.test(message) && message.endsWith('.')]).toEqual([name, true]);
      expect([name, /[.!?] [A-Z]/.test(message)]).toEqual([name, false]);
    }
  });

  it('follow French typography: curly apostrophes, no-break spaces before colons, in guillemets and before %', () => {
    for (const [name, message] of everyMessage(frenchMessages)) {
      expect([name, message.includes("'")]).toEqual([name, false]);
      expect([name, / [:;!?%»]|« /.test(message)]).toEqual([name, false]);
    }
    expect(frenchMessages.keyphraseSet('assurance vie')).toBe(
      'L’expression clé est «\u00a0assurance vie\u00a0».',
    );
    expect(frenchMessages.densityGood(2, 1.5)).toContain('1,5\u202f%');
  });

  it('leave the keyphrase as the author wrote it', () => {
    expect(frenchMessages.keyphraseSet("l'été : 2025")).toBe(
      "L’expression clé est «\u00a0l'été : 2025\u00a0».",
    );
  });
});
