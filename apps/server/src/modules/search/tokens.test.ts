import { describe, expect, it } from 'vitest';
import { excerptOf, fts5Query, indexTokens, searchTerms, tsQuery } from './tokens.js';

describe('search tokens', () => {
  it('index every word and its stem in the entry language, without diacritics', () => {
    expect(indexTokens('Running dogs', 'en')).toBe('running run dogs dog');
    expect(indexTokens('Les chevaux rapides', 'fr')).toBe('les le chevaux cheval rapides rapid');
    expect(indexTokens('Crème brûlée', 'xx')).toBe('creme brulee');
  });

  it('turn a query into every word, the last one also as a prefix', () => {
    const terms = searchTerms('runs benchm', 'en');
    expect(fts5Query(terms)).toBe('("runs" OR "run") AND ("benchm" OR "benchm"*)');
    expect(tsQuery(terms)).toBe("('runs' | 'run') & ('benchm' | 'benchm':*)");
    // Quotes and operators are not words: they never reach the engines' syntax.
    expect(fts5Query(searchTerms('a" OR * NEAR(', 'en'))).toBe('("a") AND ("or") AND ("near" OR "near"*)');
    expect(searchTerms('?!', 'en').words).toEqual([]);
  });

  it('cut the excerpt around the first match, at word boundaries', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(10)}The lighthouse keepers ran home. ${'More words here. '.repeat(20)}`;
    const excerpt = excerptOf(text, searchTerms('lighthouse', 'en'), 'en');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('The lighthouse keepers ran home.');
    expect(excerptOf('Short text.', searchTerms('absent', 'en'), 'en')).toBe('Short text.');
    expect(excerptOf(text, searchTerms('keeper', 'en'), 'en')).toContain('keepers');
  });
});
