import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFieldValues } from '../../../../server/src/modules/content/fields/validate-values.js';
import { type CheckedField, fieldProblems } from './field-checks.js';

/**
 * The editor's checks against the server's, on the same values: the paths each finds fault with
 * must be the same, so the editor never refuses what the server takes nor lets through what it
 * refuses, among the rules it mirrors. (Outside the admin's type check: it reaches the server.)
 */
const FIELDS: CheckedField[] = [
  {
    key: 'code',
    label: 'Code',
    type: 'text',
    required: true,
    min_length: 2,
    max_length: 5,
    pattern: '[a-z]+',
  },
  { key: 'story', label: 'Story', type: 'textarea', max_length: 8 },
  { key: 'price', label: 'Price', type: 'number', min: 1, max: 10, decimals: 1 },
  { key: 'seats', label: 'Seats', type: 'number', integer: true, min: 0 },
  { key: 'mail', label: 'Mail', type: 'email' },
  { key: 'site', label: 'Site', type: 'url' },
  { key: 'day', label: 'Day', type: 'date', min: '2026-01-01', max: '2026-12-31' },
  { key: 'hull', label: 'Hull', type: 'color' },
  {
    key: 'tags',
    label: 'Tags',
    type: 'select',
    multiple: true,
    max_items: 2,
    choices: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
      { label: 'C', value: 'c' },
    ],
  } as CheckedField,
  {
    key: 'crew',
    label: 'Crew',
    type: 'repeater',
    min_items: 1,
    max_items: 2,
    fields: [{ key: 'name', label: 'Name', type: 'text', required: true, max_length: 4 }],
  },
];

const values = fc.record(
  {
    code: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z0-9\n]{0,7}$/)),
    story: fc.string({ maxLength: 12 }),
    price: fc.oneof(fc.double({ min: -5, max: 15, noNaN: true }), fc.integer({ min: -5, max: 15 })),
    seats: fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double({ min: 0, max: 5, noNaN: true })),
    mail: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 10 })),
    site: fc.oneof(fc.webUrl(), fc.constantFrom('ftp://example.test/x', 'example.test', 'https://')),
    day: fc
      .date({
        min: new Date('2025-06-01T00:00:00Z'),
        max: new Date('2027-06-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10)),
    hull: fc.oneof(fc.constantFrom('#1d4e89', '#abc', '#12345', 'blue', '#ABCDEF')),
    tags: fc.subarray(['a', 'b', 'c']),
    crew: fc.array(fc.record({ name: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z]{1,6}$/)) }), {
      maxLength: 3,
    }),
  },
  { requiredKeys: [] },
);

const say = (key: string) => key;

describe("the editor's field checks", () => {
  it('find fault with exactly the paths the server does', () => {
    fc.assert(
      fc.property(values, (given) => {
        const server = validateFieldValues(FIELDS as never, given, { isNew: false });
        const serverPaths = server.ok ? [] : Object.keys(server.errors).sort();
        expect(Object.keys(fieldProblems(FIELDS, given, say)).sort()).toEqual(serverPaths);
      }),
      { numRuns: 500 },
    );
  });

  it('say a field left empty by its label', () => {
    expect(fieldProblems(FIELDS, {}, (key, v) => `${key}:${v?.label}`)).toEqual({
      'fields.code': 'labelRequired:Code',
    });
  });
});
