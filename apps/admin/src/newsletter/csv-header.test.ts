import { describe, expect, it } from 'vitest';
import { csvHeader, guessColumn } from './csv-header.js';

describe('csvHeader', () => {
  it('reads quoted names, doubled quotes and stops at the first line', () => {
    expect(csvHeader('\uFEFFEmail,"Full ""nick"" name",Lang\r\na@b.c,Ada,fr\n')).toEqual([
      'Email',
      'Full "nick" name',
      'Lang',
    ]);
  });

  it('takes semicolons when the line has more of them', () => {
    expect(csvHeader('Courriel;Nom;Langue\nx@y.z;Zoé;fr')).toEqual(['Courriel', 'Nom', 'Langue']);
  });

  it('guesses the columns in English and French', () => {
    const columns = ['Courriel', 'Nom', 'Langue'];
    expect(guessColumn(columns, 'email')).toBe('Courriel');
    expect(guessColumn(columns, 'name')).toBe('Nom');
    expect(guessColumn(columns, 'language')).toBe('Langue');
    expect(guessColumn(['a', 'b'], 'email')).toBeNull();
  });
});
