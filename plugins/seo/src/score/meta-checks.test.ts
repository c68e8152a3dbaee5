import { describe, expect, it } from 'vitest';
import { checkOf, ENGLISH_ENTRY, FRENCH_ENTRY } from './fixtures.js';
import { scoreEntry } from './index.js';

describe('title_length', () => {
  it('finds a title of 30 to 60 characters good', () => {
    expect(checkOf(ENGLISH_ENTRY, 'title_length')).toEqual({
      id: 'title_length',
      status: 'good',
      message: 'The SEO title is 55 characters, a length that shows whole in search results.',
    });
    expect(checkOf(FRENCH_ENTRY, 'title_length', 'fr').message).toBe(
      'Le titre SEO fait 56 caractères, une longueur qui s’affiche en entier dans les résultats de recherche.',
    );
  });

  it('asks to shorten a title over 60 characters, giving its width', () => {
    const title = 'Grow tomatoes at home: a simple guide for small gardens and balconies';
    const check = checkOf({ ...ENGLISH_ENTRY, title }, 'title_length');
    expect(check.status).toBe('improve');
    expect(check.message).toMatch(
      /^The SEO title is 69 characters \(about \d+ px wide\): keep it under 60 characters/,
    );
    const french = checkOf(
      { ...FRENCH_ENTRY, title: 'Assurance vie : le guide simple et complet pour bien choisir son contrat' },
      'title_length',
      'fr',
    );
    expect(french.status).toBe('improve');
    expect(french.message).toMatch(
      /^Le titre SEO fait 72 caractères \(environ \d+ px de large\)\u00a0: gardez-le sous 60/,
    );
  });

  it('asks to shorten a title within 60 characters that is wider than 580 px', () => {
    const title = 'GROW TOMATOES AT HOME: WHAT WE MEAN BY HOME GROWN, NOW';
    expect([...title].length).toBeLessThanOrEqual(60);
    const check = checkOf({ ...ENGLISH_ENTRY, title }, 'title_length');
    expect(check.status).toBe('improve');
    expect(check.message).toMatch(/^The SEO title is 54 characters \(about (\d+) px wide\)/);
    expect(Number(/about (\d+) px/.exec(check.message)?.[1])).toBeGreaterThan(580);
  });

  it('asks for more in a title under 30 characters, and finds an empty one a problem', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, title: 'Grow tomatoes' }, 'title_length')).toMatchObject({
      status: 'improve',
      message: expect.stringContaining('only 13 characters'),
    });
    expect(checkOf({ ...FRENCH_ENTRY, title: 'Assurance vie' }, 'title_length', 'fr').message).toContain(
      'ne fait que 13 caractères',
    );
    expect(checkOf({ ...ENGLISH_ENTRY, title: '  ' }, 'title_length').status).toBe('problem');
    expect(checkOf({ ...FRENCH_ENTRY, title: '' }, 'title_length', 'fr')).toMatchObject({
      status: 'problem',
      message:
        'Le titre SEO est vide\u00a0: écrivez-en un de 30 à 60 caractères qui dise ce que la page propose.',
    });
  });
});

describe('description_length', () => {
  const cases: Array<[number, string]> = [
    [0, 'improve'],
    [60, 'improve'],
    [119, 'improve'],
    [120, 'good'],
    [160, 'good'],
    [161, 'improve'],
    [300, 'improve'],
    [301, 'problem'],
  ];
  it.each(cases)('rates a description of %i characters %s', (length, status) => {
    const description = 'a'.repeat(length);
    expect(checkOf({ ...ENGLISH_ENTRY, description }, 'description_length').status).toBe(status);
    expect(checkOf({ ...FRENCH_ENTRY, description }, 'description_length', 'fr').status).toBe(status);
  });

  it('says an empty description falls back to the excerpt', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, description: '' }, 'description_length').message).toBe(
      'There is no meta description, so search engines get the excerpt: write one of 120 to 160 characters.',
    );
    expect(checkOf({ ...FRENCH_ENTRY, description: '' }, 'description_length', 'fr').message).toBe(
      'Il n’y a pas de méta-description, les moteurs de recherche reçoivent donc l’extrait\u00a0: écrivez-en une de 120 à 160 caractères.',
    );
  });

  it('says how long a description is and what to do', () => {
    expect(checkOf({ ...ENGLISH_ENTRY, description: 'a'.repeat(200) }, 'description_length').message).toBe(
      'The meta description is 200 characters: shorten it to 160 or fewer so results do not cut it.',
    );
    expect(
      checkOf({ ...FRENCH_ENTRY, description: 'a'.repeat(350) }, 'description_length', 'fr').message,
    ).toBe(
      'La méta-description fait 350 caractères, bien plus que ce qu’affichent les résultats\u00a0: réduisez-la à 160 caractères au plus.',
    );
  });
});

describe('duplicate_title and duplicate_description', () => {
  it('finds unique ones good', () => {
    expect(checkOf(ENGLISH_ENTRY, 'duplicate_title').status).toBe('good');
    expect(checkOf(FRENCH_ENTRY, 'duplicate_description', 'fr')).toMatchObject({
      status: 'good',
      message: 'Aucune autre entrée n’a cette méta-description.',
    });
  });

  it('finds a title another entry has a problem, whatever its case and spacing', () => {
    const others = {
      titles: ['  GROW TOMATOES AT HOME: a simple guide for small   gardens '],
      descriptions: [],
    };
    expect(checkOf({ ...ENGLISH_ENTRY, others }, 'duplicate_title')).toEqual({
      id: 'duplicate_title',
      status: 'problem',
      message: 'Another entry has the same SEO title: give this one its own.',
    });
  });

  it('compares the entry’s own title too, so a template’s suffix does not hide a duplicate', () => {
    const input = {
      ...FRENCH_ENTRY,
      title: 'Assurance vie | Mon site',
      entryTitle: 'Assurance vie',
      others: { titles: ['assurance vie'], descriptions: [] },
    };
    expect(checkOf(input, 'duplicate_title', 'fr')).toMatchObject({
      status: 'problem',
      message: 'Une autre entrée a le même titre SEO\u00a0: donnez à celle-ci le sien.',
    });
  });

  it('finds a description another entry has a problem', () => {
    const others = { titles: [], descriptions: [FRENCH_ENTRY.description.toUpperCase()] };
    expect(checkOf({ ...FRENCH_ENTRY, others }, 'duplicate_description', 'fr').status).toBe('problem');
    expect(
      checkOf(
        { ...ENGLISH_ENTRY, others: { titles: [], descriptions: [ENGLISH_ENTRY.description] } },
        'duplicate_description',
      ),
    ).toMatchObject({
      status: 'problem',
      message: 'Another entry has the same meta description: write one for this entry.',
    });
  });

  it('does not take an empty description for a duplicate of another empty one', () => {
    const others = { titles: [], descriptions: ['', '  '] };
    expect(checkOf({ ...ENGLISH_ENTRY, description: '', others }, 'duplicate_description').status).toBe(
      'good',
    );
  });

  it('is not listed when the other entries are not given', () => {
    const ids = scoreEntry({ ...ENGLISH_ENTRY, others: undefined }, 'en').checks.map((check) => check.id);
    expect(ids).not.toContain('duplicate_title');
    expect(ids).not.toContain('duplicate_description');
  });
});
