import { describe, expect, it } from 'vitest';
import { checkOf, ENGLISH_ENTRY, FRENCH_ENTRY } from './fixtures.js';
import { scoreEntry } from './index.js';
import type { ScoreInput } from './types.js';

const NBSP = '\u00a0';

describe('without a keyphrase', () => {
  it.each([
    ['en', ENGLISH_ENTRY, 'No focus keyphrase is set: set one to see how well the entry targets it.'],
    [
      'fr',
      FRENCH_ENTRY,
      `Aucune expression clé n’est définie${NBSP}: choisissez-en une pour voir si l’entrée la cible bien.`,
    ],
  ])('lists keyphrase_set alone, asking for one (%s)', (uiLocale, entry, message) => {
    const checks = scoreEntry({ ...entry, keyphrase: '  ' }, uiLocale).checks;
    expect(checks.filter((check) => check.id.startsWith('keyphrase_'))).toEqual([
      { id: 'keyphrase_set', status: 'improve', message },
    ]);
  });
});

describe('keyphrase_set', () => {
  it('names the keyphrase', () => {
    expect(checkOf(ENGLISH_ENTRY, 'keyphrase_set').message).toBe('The focus keyphrase is “grow tomatoes”.');
    expect(checkOf(FRENCH_ENTRY, 'keyphrase_set', 'fr').message).toBe(
      `L’expression clé est «${NBSP}assurance vie${NBSP}».`,
    );
  });

  it('asks to narrow a keyphrase of more than four content words', () => {
    const check = checkOf(
      { ...ENGLISH_ENTRY, keyphrase: 'grow big red tomatoes fast at home' },
      'keyphrase_set',
    );
    expect(check).toMatchObject({
      status: 'improve',
      message: expect.stringContaining('has 6 content words'),
    });
    // Function words do not count: four content words pass.
    const french = checkOf(
      { ...FRENCH_ENTRY, keyphrase: 'assurance vie de la famille en ligne' },
      'keyphrase_set',
      'fr',
    );
    expect(french.status).toBe('good');
  });
});

describe('keyphrase_in_title', () => {
  const title = (entry: ScoreInput, text: string, uiLocale: string) =>
    checkOf({ ...entry, title: text }, 'keyphrase_in_title', uiLocale);

  it('is good when the title starts with the keyphrase', () => {
    expect(title(ENGLISH_ENTRY, 'Grow Tomatoes at home', 'en')).toMatchObject({
      status: 'good',
      message: 'The SEO title starts with the focus keyphrase.',
    });
    // Accents, case and an elision make no difference.
    expect(title(FRENCH_ENTRY, 'L’ASSURANCE VIE expliquée', 'fr')).toMatchObject({
      status: 'good',
      message: 'Le titre SEO commence par l’expression clé.',
    });
    expect(
      title({ ...FRENCH_ENTRY, keyphrase: 'épargne été' }, 'Epargne ete : nos conseils', 'fr').status,
    ).toBe('good');
  });

  it('asks to move the keyphrase forward when it comes later', () => {
    expect(title(ENGLISH_ENTRY, 'How to grow tomatoes at home', 'en')).toMatchObject({
      status: 'improve',
      message: expect.stringContaining('not at the start'),
    });
    expect(title(FRENCH_ENTRY, 'Tout sur l’assurance-vie', 'fr')).toMatchObject({
      status: 'improve',
      message: expect.stringContaining('mais pas au début'),
    });
  });

  it('asks for the exact phrase when only its words are there', () => {
    expect(title(ENGLISH_ENTRY, 'Tomatoes: how to grow them', 'en').message).toBe(
      'The SEO title has the words of the focus keyphrase but not the phrase itself: use the exact phrase, ideally at the start.',
    );
    expect(title(FRENCH_ENTRY, 'La vie et son assurance', 'fr').status).toBe('improve');
  });

  it('finds a title without the keyphrase a problem', () => {
    expect(title(ENGLISH_ENTRY, 'Growing beans on a balcony', 'en').status).toBe('problem');
    expect(title(FRENCH_ENTRY, 'Le livret A en dix questions', 'fr')).toMatchObject({
      status: 'problem',
      message: `Le titre SEO ne contient pas l’expression clé${NBSP}: ajoutez-la, idéalement au début.`,
    });
  });
});

describe('keyphrase_in_slug', () => {
  it('is good when the slug has every content word, in any order', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, slug: 'tomatoes-grow' }, 'keyphrase_in_slug').status).toBe('good');
    expect(checkOf({ ...FRENCH_ENTRY, slug: 'l-assurance-vie' }, 'keyphrase_in_slug', 'fr')).toMatchObject({
      status: 'good',
      message: 'L’identifiant d’URL contient l’expression clé.',
    });
    expect(
      checkOf({ ...FRENCH_ENTRY, keyphrase: 'été', slug: '%C3%A9t%C3%A9-2025' }, 'keyphrase_in_slug').status,
    ).toBe('good');
  });

  it('asks for the missing words, and finds none a problem', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, slug: 'tomatoes' }, 'keyphrase_in_slug')).toMatchObject({
      status: 'improve',
      message: 'The slug has only some words of the focus keyphrase: put all of them in it.',
    });
    expect(checkOf({ ...FRENCH_ENTRY, slug: 'vie-pratique' }, 'keyphrase_in_slug', 'fr').status).toBe(
      'improve',
    );
    expect(checkOf({ ...ENGLISH_ENTRY, slug: 'post-12' }, 'keyphrase_in_slug').status).toBe('problem');
    expect(checkOf({ ...FRENCH_ENTRY, slug: 'placements' }, 'keyphrase_in_slug', 'fr')).toMatchObject({
      status: 'problem',
      message: `L’identifiant d’URL ne contient pas l’expression clé${NBSP}: mettez-y ses mots.`,
    });
  });
});

describe('keyphrase_in_introduction', () => {
  it('is good when a sentence of the first paragraph uses the keyphrase', () => {
    expect(checkOf(ENGLISH_ENTRY, 'keyphrase_in_introduction').status).toBe('good');
    expect(checkOf(FRENCH_ENTRY, 'keyphrase_in_introduction', 'fr').message).toBe(
      'Le premier paragraphe emploie l’expression clé.',
    );
  });

  it('takes the first <p>, not a heading or caption before it', () => {
    const html = '<h2>Grow tomatoes</h2><p>Grow tomatoes in pots.</p><p>Then water them.</p>';
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'keyphrase_in_introduction').status).toBe('good');
    const late = '<p>Tomatoes need sun.</p><p>Grow tomatoes in pots.</p>';
    expect(checkOf({ ...ENGLISH_ENTRY, html: late }, 'keyphrase_in_introduction').status).toBe('problem');
  });

  it('asks to bring the words together when they are in different sentences', () => {
    const html = '<p>Tomatoes like sun. You can grow them in pots.</p>';
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'keyphrase_in_introduction').status).toBe('improve');
    const french = '<p>La vie coûte cher. Une assurance protège.</p>';
    expect(checkOf({ ...FRENCH_ENTRY, html: french }, 'keyphrase_in_introduction', 'fr')).toMatchObject({
      status: 'improve',
      message: `Le premier paragraphe contient les mots de l’expression clé, mais pas dans une même phrase${NBSP}: réunissez-les.`,
    });
  });

  it('finds a first paragraph without the keyphrase, or no paragraph, a problem', () => {
    expect(
      checkOf({ ...ENGLISH_ENTRY, html: '<p>Beans are easy.</p>' }, 'keyphrase_in_introduction'),
    ).toMatchObject({
      status: 'problem',
      message:
        'The first paragraph does not use the focus keyphrase: mention it early so readers and search engines see the topic.',
    });
    expect(
      checkOf({ ...FRENCH_ENTRY, html: '<h2>Titre</h2>' }, 'keyphrase_in_introduction', 'fr'),
    ).toMatchObject({
      status: 'problem',
      message: expect.stringContaining('pas encore de premier paragraphe'),
    });
  });
});

describe('keyphrase_in_subheading', () => {
  it('is good when an h2 or h3 uses the keyphrase', () => {
    expect(checkOf(ENGLISH_ENTRY, 'keyphrase_in_subheading').message).toBe(
      'The focus keyphrase is in 1 of 4 subheadings (h2 or h3).',
    );
    expect(checkOf(FRENCH_ENTRY, 'keyphrase_in_subheading', 'fr').message).toBe(
      'L’expression clé figure dans 1 intertitre sur 4 (h2 ou h3).',
    );
  });

  it('does not count an h4', () => {
    const html = `${ENGLISH_ENTRY.html}<h4>Grow tomatoes indoors</h4>`.replace(
      'Where to grow tomatoes',
      'Where',
    );
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'keyphrase_in_subheading').status).toBe('improve');
  });

  it('asks to use the keyphrase in a subheading, or to add subheadings', () => {
    const html = FRENCH_ENTRY.html.replace('Comment marche l’assurance vie', 'Comment ça marche');
    expect(checkOf({ ...FRENCH_ENTRY, html }, 'keyphrase_in_subheading', 'fr')).toMatchObject({
      status: 'improve',
      message: `Aucun intertitre (h2 ou h3) n’emploie l’expression clé${NBSP}: employez-la dans au moins un.`,
    });
    expect(
      checkOf({ ...ENGLISH_ENTRY, html: '<p>Grow tomatoes.</p>' }, 'keyphrase_in_subheading').message,
    ).toBe('The text has no subheadings (h2 or h3): add some, and use the focus keyphrase in one.');
  });
});

describe('keyphrase_in_description', () => {
  it('is good when the description has the keyphrase', () => {
    expect(checkOf(ENGLISH_ENTRY, 'keyphrase_in_description').status).toBe('good');
    expect(checkOf(FRENCH_ENTRY, 'keyphrase_in_description', 'fr').status).toBe('good');
  });

  it('finds a description without it a problem, and an empty one worth improving', () => {
    const description = 'Where to put the pots, which soil to use, how to water and when to pick.';
    expect(checkOf({ ...ENGLISH_ENTRY, description }, 'keyphrase_in_description').status).toBe('problem');
    expect(checkOf({ ...FRENCH_ENTRY, description: '' }, 'keyphrase_in_description', 'fr')).toMatchObject({
      status: 'improve',
      message: `Il n’y a pas de méta-description, l’extrait est donc utilisé${NBSP}: écrivez-en une qui contienne l’expression clé.`,
    });
  });
});

describe('keyphrase_density', () => {
  it('is good between 0.5 and 3 %', () => {
    expect(checkOf(ENGLISH_ENTRY, 'keyphrase_density')).toMatchObject({
      status: 'good',
      message: expect.stringMatching(
        /^The text uses the focus keyphrase 3 times, a density of 0\.9%, within 0\.5–3%\.$/,
      ),
    });
    expect(checkOf(FRENCH_ENTRY, 'keyphrase_density', 'fr').message).toMatch(
      /^Le texte emploie l’expression clé 3 fois, soit une densité de 1\u202f%, entre 0,5 et 3\u202f%\.$/,
    );
  });

  it('counts a use only when all the words share a sentence', () => {
    const filler = ' Water them well.'.repeat(20);
    const html = `<p>Grow tomatoes.${filler} Tomatoes are red. We grow beans.</p>`;
    expect(checkOf({ ...ENGLISH_ENTRY, html }, 'keyphrase_density').message).toContain('once');
  });

  it('asks for more below 0.5 %, and less above 3 %', () => {
    const long = `<p>Grow tomatoes.${' Water them well.'.repeat(100)}</p>`;
    expect(checkOf({ ...ENGLISH_ENTRY, html: long }, 'keyphrase_density').status).toBe('improve');
    const stuffed = `<p>${'L’assurance vie est utile. '.repeat(5)}Voilà.</p>`;
    expect(checkOf({ ...FRENCH_ENTRY, html: stuffed }, 'keyphrase_density', 'fr')).toMatchObject({
      status: 'problem',
      message: expect.stringContaining('employez-la moins'),
    });
  });

  it('finds a text that never uses the keyphrase, or no text, a problem', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, html: '<p>Beans are easy.</p>' }, 'keyphrase_density').status).toBe(
      'problem',
    );
    expect(checkOf({ ...FRENCH_ENTRY, html: '' }, 'keyphrase_density', 'fr').message).toBe(
      `Il n’y a pas encore de texte${NBSP}: écrivez-en un qui emploie l’expression clé.`,
    );
  });
});
