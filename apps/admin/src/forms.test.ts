import { describe, expect, it } from 'vitest';
import { asApiError, type ConstrainedInput, inputProblem, withProblem } from './forms.js';

const VALID = {
  valueMissing: false,
  tooShort: false,
  tooLong: false,
  rangeUnderflow: false,
  rangeOverflow: false,
  stepMismatch: false,
  typeMismatch: false,
  patternMismatch: false,
  badInput: false,
};

function input(changes: Partial<Omit<ConstrainedInput, 'validity'>>, flags: Partial<typeof VALID> = {}) {
  return {
    type: 'text',
    value: 'x',
    minLength: -1,
    maxLength: -1,
    min: '',
    max: '',
    step: '',
    ...changes,
    validity: { ...VALID, ...flags },
  };
}

/** Gives the key and values, so the test reads which of the server's messages is meant. */
const say = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

describe("an input's problem in the words of the server's rule", () => {
  it('is null when the input is valid', () => {
    expect(inputProblem(input({}), say)).toBeNull();
  });

  it('says a missing value is required', () => {
    expect(inputProblem(input({ value: '' }, { valueMissing: true }), say)).toBe('required');
  });

  it('counts minLength itself: browsers flag tooShort only after an edit', () => {
    expect(inputProblem(input({ value: 'short', minLength: 10 }), say)).toBe('minLength {"limit":10}');
    expect(inputProblem(input({ value: '', minLength: 10 }), say)).toBeNull();
    expect(inputProblem(input({ value: 'long enough', minLength: 10 }), say)).toBeNull();
  });

  it('says a value over maxLength', () => {
    expect(inputProblem(input({ value: 'abcd', maxLength: 3 }), say)).toBe('maxLength {"limit":3}');
    expect(inputProblem(input({ value: 'abc', maxLength: 3 }), say)).toBeNull();
  });

  it('says a number out of its range, with the limit', () => {
    expect(inputProblem(input({ type: 'number', min: '1' }, { rangeUnderflow: true }), say)).toBe(
      'minimum {"limit":"1"}',
    );
    expect(inputProblem(input({ type: 'number', max: '99' }, { rangeOverflow: true }), say)).toBe(
      'maximum {"limit":"99"}',
    );
  });

  it('says a step mismatch as a whole number, or as decimal places for a decimal step', () => {
    expect(inputProblem(input({ type: 'number', step: '1' }, { stepMismatch: true }), say)).toBe('integer');
    expect(inputProblem(input({ type: 'number', step: '0.01' }, { stepMismatch: true }), say)).toBe(
      'decimals {"limit":2}',
    );
  });

  it('says a wrong email or URL as such, and text that is no number', () => {
    expect(inputProblem(input({ type: 'email' }, { typeMismatch: true }), say)).toBe('email');
    expect(inputProblem(input({ type: 'url' }, { typeMismatch: true }), say)).toBe('url');
    expect(inputProblem(input({ type: 'number' }, { badInput: true }), say)).toBe('number');
    expect(inputProblem(input({ type: 'date' }, { badInput: true }), say)).toBe('date');
  });

  it('says a pattern mismatch', () => {
    expect(inputProblem(input({}, { patternMismatch: true }), say)).toBe('pattern');
  });

  it('says the missing value first when several rules fail', () => {
    expect(inputProblem(input({ value: '', minLength: 3 }, { valueMissing: true }), say)).toBe('required');
  });
});

describe('a problem added for what no input holds', () => {
  it("joins the inputs' problems, or stands alone", () => {
    expect(withProblem({ message: 'm', errors: { name: ['x'] } }, 'events', 'y').errors).toEqual({
      name: ['x'],
      events: ['y'],
    });
    expect(withProblem(null, 'events', 'y').errors).toEqual({ events: ['y'] });
  });
});

describe("a pure check's problems as a 422", () => {
  it('gives each field its message in a list, or null when there is none', () => {
    expect(asApiError({ title: 'required' })?.errors).toEqual({ title: ['required'] });
    expect(asApiError({})).toBeNull();
  });
});
