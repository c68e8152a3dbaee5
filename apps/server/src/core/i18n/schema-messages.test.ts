import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { messageOfKeyword, messageOfValueError } from './schema-messages.js';

describe('the messages of schema keywords', () => {
  it("says Ajv's keywords with the bound or type they name, anything else as invalid", () => {
    expect(messageOfKeyword('maxLength', { limit: 80 })).toBe('Must be at most 80 characters.');
    expect(messageOfKeyword('type', { type: 'integer' })).toBe('Must be of type integer.');
    expect(messageOfKeyword('multipleOf', { multipleOf: 5 })).toBe('Must be a multiple of 5.');
    expect(messageOfKeyword('if', {})).toBe('Is invalid.');
  });

  it("says TypeBox's faults as the same keywords, other faults in TypeBox's words", () => {
    const schema = Type.Object(
      {
        key: Type.String({ pattern: '^[a-z]+$', maxLength: 5 }),
        count: Type.Integer({ maximum: 3 }),
        kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
        tags: Type.Array(Type.String(), { maxItems: 1 }),
        when: Type.Date(),
      },
      { additionalProperties: false },
    );
    const said = (value: unknown) => {
      const found: Record<string, string[]> = {};
      for (const error of Value.Errors(schema, value)) {
        found[error.path] ??= [];
        found[error.path]?.push(messageOfValueError(error));
      }
      return found;
    };
    expect(
      said({ key: 'Too long', count: 4, kind: 'c', tags: ['x', 'y'], when: new Date(), extra: 1 }),
    ).toEqual({
      '/key': ['Must be at most 5 characters.', 'Has an invalid format.'],
      '/count': ['Must be at most 3.'],
      '/kind': ['Must be one of the allowed values.'],
      '/tags': ['Must have at most 1 items.'],
      '/extra': ['This field is not allowed.'],
    });
    expect(said({ key: 5, count: 1, kind: 'a', tags: [] })).toEqual({
      '/key': ['Must be of type string.'],
      '/when': ['This field is required.', 'Expected Date'],
    });
  });
});
