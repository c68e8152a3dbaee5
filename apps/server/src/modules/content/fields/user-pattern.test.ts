import { describe, expect, it } from 'vitest';
import { REDOS } from '../../../../test/hostile/hostile-values.js';
import { fieldMessage } from '../../../core/i18n/field-messages.js';
import { formatProblem, PatternBudget, patternProblem } from './user-pattern.js';

const MISMATCH = fieldMessage('field.pattern');

/**
 * Known ReDoS patterns (the issue's own, OWASP's list, the Stack Overflow and Cloudflare outages),
 * each with an input that makes a backtracking engine take years. Here each must finish.
 */
const EVIL: ReadonlyArray<readonly [pattern: string, input: string]> = [
  ...REDOS,
  ['(a+)+', `${'a'.repeat(5000)}!`],
  ['([a-zA-Z]+)*', `${'a'.repeat(5000)}!`],
  ['(a|aa)+', `${'a'.repeat(5000)}!`],
  ['^(\\d+)*$', `${'1'.repeat(5000)}x`],
  ['(\\d+|\\d+\\.)+$', `${'1.'.repeat(2500)}x`],
  ['\\s*(?:,\\s*)*$', `${' ,'.repeat(2500)}x`],
  ['(?:.*=.*)*;', '='.repeat(5000)],
  [
    '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
    `${'a'.repeat(5000)}!`,
  ],
];

describe('user patterns', () => {
  it.each(EVIL)('accepts %s and matches it against a hostile value in linear time', (pattern, input) => {
    expect(patternProblem(pattern, new PatternBudget())).toBeNull();
    expect(formatProblem(pattern, input, new PatternBudget())).toBe(MISMATCH);
  });

  it('matches the whole value, as the field always has', () => {
    const budget = new PatternBudget();
    expect(formatProblem('[a-z]+', 'abc', budget)).toBeNull();
    expect(formatProblem('[a-z]+', 'abc1', budget)).toBe(MISMATCH);
    expect(formatProblem('a|b', 'ab', budget)).toBe(MISMATCH);
    expect(formatProblem('a|b', 'b', budget)).toBeNull();
    expect(formatProblem('((a+))+', 'a'.repeat(26), budget)).toBeNull();
  });

  it("reads JavaScript's spellings of characters and named groups", () => {
    const budget = new PatternBudget();
    expect(formatProblem('\\u00e9+', 'éé', budget)).toBeNull();
    expect(formatProblem('\\u{1F600}', '😀', budget)).toBeNull();
    expect(formatProblem('(?<year>\\d{4})-\\d{2}', '2026-05', budget)).toBeNull();
    expect(formatProblem('\\p{L}+', 'Ωmega', budget)).toBeNull();
    expect(formatProblem('[^]', '\n', budget)).toBeNull();
  });

  it('refuses what is not a regular expression, and what only backtracking can run', () => {
    const problem = (pattern: string) => patternProblem(pattern, new PatternBudget());
    expect(problem('[a-')).toBe(fieldMessage('definition.pattern_invalid'));
    expect(problem('(a')).toBe(fieldMessage('definition.pattern_invalid'));
    expect(problem('a\\')).toBe(fieldMessage('definition.pattern_invalid'));
    for (const backreference of ['(a)\\1', '(?<x>a+)\\k<x>'])
      expect(problem(backreference)).toMatch(/^Backreferences .* are not supported/);
    for (const lookaround of ['(?=a)a', 'a(?!b)', '(?<=a)b', '(?<!a)b'])
      expect(problem(lookaround)).toMatch(/^Lookahead and lookbehind, .* are not supported/);
    expect(problem('[(?=]+')).toBeNull();
    expect(problem('\\(?=')).toBeNull();
    expect(problem('(?<name>a)')).toBeNull();
    expect(problem('a{1001}')).toMatch(/^RE2, .* does not support this: invalid repeat count \{1001\}\.$/);
    expect(problem('\\p{Script=Greek}')).toMatch(/does not support this/);
  });

  it('refuses a pattern whose program is too large', () => {
    expect(patternProblem('.{0,255}', new PatternBudget())).toBeNull();
    expect(patternProblem('(?:.?){999}', new PatternBudget())).toMatch(
      /^This pattern is too large: \d+ steps/,
    );
  });

  it('says a stored pattern it no longer accepts, without running it', () => {
    expect(formatProblem('(a)\\1', 'aa', new PatternBudget())).toBe(
      "This field's pattern is no longer accepted; an administrator needs to change it.",
    );
  });

  it("bounds one operation's work on patterns: its values' length times the patterns' size", () => {
    const value = `${'ab'.repeat(20_000)}a`;
    const budget = new PatternBudget();
    const results = Array.from({ length: 4 }, () => formatProblem('[ab]*a[ab]{200}', value, budget));
    expect(results[0]).toBeNull();
    expect(results.at(-1)).toBe(fieldMessage('field.pattern_work'));
    expect(formatProblem('[ab]*a[ab]{200}', value, new PatternBudget())).toBeNull();
  });

  it('bounds how much one content type compiles', () => {
    const budget = new PatternBudget();
    const problems = Array.from({ length: 1000 }, () => patternProblem('[ab]{990}', budget));
    expect(problems[0]).toBeNull();
    expect(problems.at(-1)).toBe(fieldMessage('definition.patterns_too_large'));
  });
});
