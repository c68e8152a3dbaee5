import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations.js';

/** JSON text sent as is: numbers JSON.stringify cannot write (1e400, -0) and deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value placed in a body (serialized as JSON) or a query (as text). */
export type Value = unknown;

/** Keys that name Object.prototype members: a plain-object lookup finds something for each. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'toJSON',
] as const;

/**
 * Regular expressions that take a backtracking engine years on the value beside them (ReDoS). A
 * site's Admin may write any of them as a field's pattern: the server runs patterns in RE2.
 */
export const REDOS: ReadonlyArray<readonly [pattern: string, value: string]> = [
  ['((a+))+', `${'a'.repeat(5000)}!`],
  ['(a|a?)+', `${'a'.repeat(5000)}!`],
  ['(a|a)*', `${'a'.repeat(5000)}!`],
  ['(a+)+$', `${'a'.repeat(5000)}!`],
  ['(.*a){20}', `${'a'.repeat(5000)}!`],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'a'.repeat(5000)}!`],
  ['(x+x+)+y', 'x'.repeat(5000)],
  ['(\\w+\\s?)+$', `${'word '.repeat(1000)}!`],
];

/** Numbers and number-like text chosen for where parsers and databases disagree. */
const ODD_NUMBERS: Value[] = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('1e400'),
  new RawJson('-0'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1E2'),
];

const ODD_TEXT: Value[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e308',
  '1e400',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '+1',
  '1_000',
  '\uFF11',
  'null',
  'undefined',
  'true',
  'abc',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\uFFFE',
  '\u202E',
  '😀',
  'e\u0301',
  '2016-12-31T23:59:60Z',
  '2021-02-30T00:00:00Z',
  '9999-99-99T99:99:99Z',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '%00',
  '%',
  '../../../etc/passwd',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\u0024{7*7}',
  'user.*',
  '%_%',
  '\\',
  'a@b',
  '@',
  'a'.repeat(256),
  'a'.repeat(70_000),
  `${'a'.repeat(5000)}!`,
  ...REDOS.map(([pattern]) => pattern),
  ...PROTOTYPE_KEYS,
];

/** Text of any UTF-16 code units, lone surrogates and NUL included. */
export const anyCodeUnits = fc.string({
  unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)),
  maxLength: 24,
});

function nested(depth: number, array: boolean): RawJson {
  return array
    ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

/** One hostile value of any JSON type. */
export const hostileValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 2, arbitrary: anyCodeUnits },
  { weight: 1, arbitrary: fc.constantFrom<Value>(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 2, max: 3000 }), fc.boolean()).map(([d, a]) => nested(d, a)),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom<Value>(1, 'x', null, {}), {
      maxKeys: 3,
    }),
  },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...ODD_TEXT), { maxLength: 4 }) },
);

const EMAIL = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.test', 'fuzz.test'))
  .map(([local, domain]) => `${local}@${domain}`);

/** A value the schema accepts (mostly): what gets a request past validation into the handler. */
export function validValue(schema: JsonSchema, knownIds: readonly number[]): fc.Arbitrary<Value> {
  if (schema.anyOf && schema.anyOf.length > 0)
    return fc.oneof(...schema.anyOf.map((option) => validValue(option, knownIds)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      // Ids worth sending are the ones that exist.
      const ids = knownIds.filter((id) => id >= min && id <= max);
      const range = fc.integer({ min, max });
      return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), range) : range;
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, knownIds), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return fc
        .tuple(
          ...Object.entries(schema.properties ?? {}).map(([key, property]) =>
            fc
              .option(validValue(property, knownIds), { nil: undefined })
              .map((value) => [key, value] as const),
          ),
        )
        .map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== undefined)));
    default:
      return validString(schema);
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return EMAIL;
  if (schema.format === 'date-time')
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter(
        (text) => text.length >= minLength && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY),
      );
  }
  return fc.string({ minLength, maxLength });
}

/** A field's value: valid most of the time, so other fields' hostility reaches the handler. */
export function fieldValue(schema: JsonSchema, knownIds: readonly number[]): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema, knownIds) },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** JSON text of a value, RawJson pieces included as written. */
export function jsonOf(value: Value): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonOf).join(',')}]`;
  if (value !== null && typeof value === 'object') return objectJson(Object.entries(value));
  return JSON.stringify(value) ?? 'null';
}

/** An object's JSON from entries: keys may repeat or be `__proto__`, which a literal object cannot hold. */
export function objectJson(entries: ReadonlyArray<readonly [string, Value]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${jsonOf(value)}`).join(',')}}`;
}

/** A value as query-string text. */
export function textOf(value: Value): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text.slice(0, 2000);
  return jsonOf(value);
}

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form (encodeURIComponent throws),
 * so it goes out as the three bytes it would take, which are not valid UTF-8: what a hostile client
 * sends.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
