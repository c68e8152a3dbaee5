import { describe, expect, it } from 'vitest';
import { checkOf, ENGLISH_ENTRY, FRENCH_ENTRY } from './fixtures.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

const SHORT_EN = 'The cat sat on the mat.';
// 22 words: over the English limit of 20, under the French one of 25.
const LONG_EN =
  'The old cat sat on the warm mat by the door while the dog slept in the sun and the birds sang.';
const SHORT_FR = 'Le chat dort sur le lit.';
// 27 words: over the French limit of 25.
const LONG_FR =
  'Le vieux chat dort sur le lit près de la porte pendant que le chien dort au soleil et que les oiseaux chantent dans le grand jardin.';

const paragraph = (...sentences: string[]) => `<p>${sentences.join(' ')}</p>`;

describe('sentence_length', () => {
  it('is good when at most 25 % of sentences are long', () => {
    const html = paragraph(LONG_EN, SHORT_EN, SHORT_EN, SHORT_EN);
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'sentence_length')).toMatchObject({
      status: 'good',
      message: '25% of the sentences have more than 20 words, within the 25% limit.',
    });
    expect(checkOf(FRENCH_ENTRY, 'sentence_length', 'fr').message).toBe(
      `0${NNBSP}% des phrases dépassent 25 mots, dans la limite de 25${NNBSP}%.`,
    );
  });

  it('asks to shorten sentences when more are long', () => {
    const html = paragraph(LONG_EN, LONG_EN, SHORT_EN, SHORT_EN);
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'sentence_length')).toMatchObject({
      status: 'problem',
      message: '50% of the sentences have more than 20 words: shorten some, to 25% or fewer.',
    });
    const french = paragraph(LONG_FR, LONG_FR, SHORT_FR);
    expect(checkOf({ ...FRENCH_ENTRY, html: french }, 'sentence_length', 'fr')).toMatchObject({
      status: 'problem',
      message: `67${NNBSP}% des phrases dépassent 25 mots${NBSP}: raccourcissez-en pour revenir à 25${NNBSP}% au plus.`,
    });
  });

  it('is only worth improving between 25 and 30 %', () => {
    const html = paragraph(LONG_EN, LONG_EN, ...Array(5).fill(SHORT_EN));
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'sentence_length').status).toBe('improve');
  });

  it('gives French sentences a longer limit than English ones', () => {
    const html = paragraph(LONG_EN, SHORT_EN);
    expect(checkOf({ ...ENGLISH_ENTRY, html, contentLocale: 'en-GB' }, 'sentence_length').status).toBe(
      'problem',
    );
    expect(checkOf({ ...ENGLISH_ENTRY, html, contentLocale: 'fr-CA' }, 'sentence_length').status).toBe(
      'good',
    );
  });

  it('counts list items and headings apart from the sentences around them', () => {
    const html = `<h2>${LONG_EN.replace('.', '')}</h2><ul><li>Short item</li><li>Another item</li></ul><p>${SHORT_EN}</p>`;
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'sentence_length').status).toBe('good');
  });

  it('has nothing to measure without text', () => {
    expect(checkOf({ ...FRENCH_ENTRY, html: '<img src=a alt=b>' }, 'sentence_length', 'fr')).toMatchObject({
      status: 'problem',
      message: `Il n’y a pas encore de texte à mesurer${NBSP}: écrivez quelques paragraphes.`,
    });
  });
});

describe('paragraph_length', () => {
  const words = (count: number, word: string) => `<p>${`${word} `.repeat(count).trim()}.</p>`;

  it('is good when no paragraph has more than 150 words', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: words(150, 'word') }, 'paragraph_length')).toMatchObject({
      status: 'good',
      message: 'No paragraph is longer than 150 words.',
    });
    expect(checkOf(FRENCH_ENTRY, 'paragraph_length', 'fr').message).toBe(
      'Aucun paragraphe ne dépasse 150 mots.',
    );
  });

  it('asks to split paragraphs over 150 words, and finds those over 200 a problem', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: words(151, 'word') }, 'paragraph_length')).toMatchObject({
      status: 'improve',
      message: '1 paragraph is longer than 150 words (the longest has 151): split it.',
    });
    const french = words(180, 'mot') + words(40, 'mot') + words(210, 'mot');
    expect(checkOf({ ...FRENCH_ENTRY, html: french }, 'paragraph_length', 'fr')).toMatchObject({
      status: 'problem',
      message: `2 paragraphes dépassent 150 mots (le plus long en compte 210)${NBSP}: découpez-les.`,
    });
  });
});

describe('readability', () => {
  const EASY_EN =
    '<p>The cat sat on the mat. It was warm. The sun was out and the day was long. We went for a walk.</p>';
  const HARD_EN =
    '<p>Notwithstanding considerable methodological heterogeneity, contemporary epidemiological investigations substantiate the hypothesis that environmental determinants significantly influence cardiovascular morbidity.</p>';
  const EASY_FR =
    '<p>Le chat dort sur le lit. Il fait beau. Nous allons au parc avec le chien. La vie est douce ici.</p>';
  const HARD_FR =
    '<p>Nonobstant une hétérogénéité méthodologique considérable, les investigations épidémiologiques contemporaines corroborent l’hypothèse selon laquelle les déterminants environnementaux influencent significativement la morbidité cardiovasculaire.</p>';

  it('finds short sentences of short words easy (60 and over), with the score in the message', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: EASY_EN }, 'readability')).toMatchObject({
      status: 'good',
      message: expect.stringMatching(
        /^The text scores \d+ on the Flesch reading ease test, which is easy to read\.$/,
      ),
    });
    expect(checkOf({ ...FRENCH_ENTRY, html: EASY_FR }, 'readability', 'fr')).toMatchObject({
      status: 'good',
      message: expect.stringMatching(
        /^Le texte obtient \d+ au test de lisibilité de Kandel et Moles\u00a0: il se lit facilement\.$/,
      ),
    });
  });

  it('finds long sentences of long words hard (under 30)', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: HARD_EN }, 'readability')).toMatchObject({
      status: 'problem',
      message: expect.stringContaining('hard to read: use shorter sentences and simpler words'),
    });
    expect(checkOf({ ...FRENCH_ENTRY, html: HARD_FR }, 'readability', 'fr')).toMatchObject({
      status: 'problem',
      message: expect.stringContaining('difficile à lire'),
    });
  });

  it('finds text in between fairly hard (30 to 59)', () => {
    const english =
      '<p>Tomato plants need steady watering through the season. Gardeners should consider adding mulch around every plant, which keeps moisture in the soil during hot and dry periods.</p>';
    const french =
      '<p>Les plants de tomates demandent un arrosage régulier pendant toute la saison de croissance. Les jardiniers devraient envisager un paillage autour de chaque plant afin de conserver efficacement l’humidité.</p>';
    const checks = [
      checkOf({ ...ENGLISH_ENTRY, html: english }, 'readability'),
      checkOf({ ...FRENCH_ENTRY, html: french }, 'readability', 'fr'),
    ];
    expect(checks[0]?.message).toContain('fairly hard: use shorter sentences and simpler words');
    expect(checks[1]?.message).toContain(`assez difficile${NBSP}: employez des phrases plus courtes`);
    for (const check of checks) {
      expect(check.status).toBe('improve');
      const score = Number(/(?:scores|obtient) (\d+)/.exec(check.message)?.[1]);
      expect(score).toBeGreaterThanOrEqual(30);
      expect(score).toBeLessThan(60);
    }
  });

  it('names the formula of the content’s language in the editor’s language', () => {
    expect(checkOf({ ...FRENCH_ENTRY, html: EASY_FR }, 'readability', 'en').message).toContain(
      'Kandel–Moles reading ease test',
    );
    expect(checkOf({ ...ENGLISH_ENTRY, html: EASY_EN }, 'readability', 'fr').message).toContain(
      'au test de lisibilité de Flesch',
    );
  });

  it('has nothing to measure without text', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: '<h2>Only a heading</h2>' }, 'readability')).toMatchObject({
      status: 'problem',
      message: 'There is no text to measure yet: write a few paragraphs.',
    });
  });
});
