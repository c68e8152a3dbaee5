import { describe, expect, it } from 'vitest';
import { changed, partProblems, problemLines } from './parts.js';

describe("a template's parts", () => {
  it("puts each of the server's refusals beside the part it names, and the rest above", () => {
    const problems = partProblems({
      message: 'The given data was invalid.',
      errors: { html: ['Line 3: tag "iff" not found'], locale: ['Not in de.'] },
    });
    expect(problems.byPart).toEqual({ html: ['Line 3: tag "iff" not found'] });
    expect(problems.other).toEqual(['Not in de.']);
    expect(partProblems({ message: 'Forbidden.', errors: {} })).toEqual({
      byPart: {},
      other: ['Forbidden.'],
    });
    expect(partProblems(null)).toEqual({ byPart: {}, other: [] });
  });

  it('reads the lines the messages name, in either language', () => {
    expect(
      problemLines([
        'Line 3: there is no filter shout.',
        'Ligne 12 : il n’y a pas de variable x dans cet e-mail.',
        'Line 3: again',
        'No line here: 4',
      ]),
    ).toEqual([3, 12]);
    expect(problemLines(undefined)).toEqual([]);
  });

  it('tells a draft that differs from the saved template', () => {
    const saved = { subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' };
    expect(changed({ ...saved }, saved)).toBe(false);
    expect(changed({ ...saved, text: 'Hello' }, saved)).toBe(true);
  });
});
