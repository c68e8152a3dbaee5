import fc from 'fast-check';
import { HOSTILE_UPLOADS, UPLOAD_PATHS } from './hostile-files.js';
import {
  anyCodeUnits,
  fieldValue,
  hostileValue,
  jsonOf,
  objectJson,
  PROTOTYPE_KEYS,
  percentEncode,
  textOf,
  type Value,
  validValue,
} from './hostile-values.js';
import type { JsonSchema, Operation, Parameter } from './openapi-operations.js';

export type Credentials = 'token' | 'session' | 'anonymous';

/** One request as the fuzzer sends it through `app.inject`. */
export interface HostileRequest {
  method: string;
  /** Path and query, already percent-encoded (sometimes wrongly, on purpose). */
  url: string;
  credentials: Credentials;
  contentType: string | null;
  payload: string | Buffer | undefined;
  /** Each request from its own address, so the login throttle's per-address count does not end the run. */
  remoteAddress: string;
  /** More headers (a public form's Origin). */
  headers?: Record<string, string>;
}

/** Path segments as they go on the wire: ids past every bound, and encodings that do not decode. */
const ODD_SEGMENTS = [
  '0',
  '-1',
  '00001',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '1e308',
  '1e400',
  'Infinity',
  '-Infinity',
  '1e3',
  '1.5',
  '0x1F',
  'abc',
  'NaN',
  '%20',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '%',
  '%2F',
  '..',
  '%2E%2E',
  'a'.repeat(300),
  '1;1',
  '__proto__',
  'constructor',
];

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":1,}',
  '[',
  'nul',
  '',
  ' ',
  '\u0000',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"__proto__":{"is_super_admin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '1e400',
];

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/plain',
  '',
];

function pathSegment(parameter: Parameter, knownIds: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: validValue(parameter.schema, knownIds).map((value) => percentEncode(textOf(value))),
    },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_SEGMENTS) },
    { weight: 1, arbitrary: anyCodeUnits.filter((text) => text.length > 0).map(percentEncode) },
  );
}

function queryPairs(parameters: readonly Parameter[], knownIds: readonly number[]) {
  const declared = fc.tuple(
    ...parameters.map((parameter) =>
      fc
        .option(fieldValue(parameter.schema, knownIds), { nil: undefined, freq: 2 })
        .map((value) => [parameter.name, value] as const),
    ),
  );
  const names = parameters.map((parameter) => parameter.name);
  // The same parameter twice, which a query parser turns into an array.
  const duplicates =
    names.length > 0
      ? fc.array(fc.tuple(fc.constantFrom(...names), hostileValue), { maxLength: 2 })
      : fc.constant([] as Array<[string, Value]>);
  const strangers = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'page[0]', 'a[b]', ''), anyCodeUnits), hostileValue),
    { maxLength: 2 },
  );
  return fc
    .tuple(declared, duplicates, strangers)
    .map(([own, twice, other]) =>
      [...own.filter(([, value]) => value !== undefined), ...twice, ...other]
        .map(([name, value]) => `${percentEncode(name)}=${percentEncode(textOf(value))}`)
        .join('&'),
    );
}

interface Body {
  contentType: string | null;
  payload: string | Buffer | undefined;
}

/** A JSON object shaped like the schema, with hostile fields and keys it does not expect. */
function shapedBody(schema: JsonSchema, knownIds: readonly number[]): fc.Arbitrary<Body> {
  const own = fc.tuple(
    ...Object.entries(schema.properties ?? {}).map(([key, property]) =>
      fc
        .option(fieldValue(property, knownIds), { nil: undefined, freq: 3 })
        .map((value) => [key, value] as const),
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) }, anyCodeUnits),
      hostileValue,
    ),
    { maxLength: 3 },
  );
  return fc.tuple(own, extra).map(([fields, strangers]) => ({
    contentType: 'application/json',
    payload: objectJson([...fields.filter(([, value]) => value !== undefined), ...strangers]),
  }));
}

function body(operation: Operation, knownIds: readonly number[]): fc.Arbitrary<Body> {
  const json = (payload: string): Body => ({ contentType: 'application/json', payload });
  const options: Array<fc.WeightedArbitrary<Body>> = [
    { weight: 1, arbitrary: fc.constant({ contentType: null, payload: undefined }) },
    { weight: 1, arbitrary: hostileValue.map((value) => json(jsonOf(value))) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...OTHER_CONTENT_TYPES), fc.constantFrom('a=1', '{}', '<a/>', '--x--'))
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    // Bytes that are not UTF-8, inside otherwise valid JSON.
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/json',
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      }),
    },
    // Past BODY_LIMIT: a 413, with nothing read into a handler.
    { weight: 1, arbitrary: fc.constant(json(JSON.stringify({ a: 'a'.repeat(1_100_000) }))) },
  ];
  if (operation.body) options.push({ weight: 8, arbitrary: shapedBody(operation.body, knownIds) });
  // Decompression bombs where a file is taken: refused from their header, before any decoding.
  if (UPLOAD_PATHS.includes(operation.path))
    options.push({
      weight: 3,
      arbitrary: fc
        .constantFrom(...HOSTILE_UPLOADS)
        .map(({ contentType, payload }) => ({ contentType, payload })),
    });
  return fc.oneof(...options);
}

/** Everything about one hostile request to an operation. */
export function hostileRequest(
  operation: Operation,
  knownIds: readonly number[],
): fc.Arbitrary<HostileRequest> {
  const segments = fc.tuple(...operation.pathParams.map((parameter) => pathSegment(parameter, knownIds)));
  const takesBody = operation.method !== 'GET';
  return fc
    .record({
      segments,
      query: queryPairs(operation.queryParams, knownIds),
      body: takesBody
        ? body(operation, knownIds)
        : fc.constant<Body>({ contentType: null, payload: undefined }),
      credentials: fc.constantFrom<Credentials>('token', 'token', 'session', 'session', 'anonymous'),
      remoteAddress: fc.ipV4(),
    })
    .map(({ segments: values, query, body: sent, credentials, remoteAddress }) => {
      let path = operation.path;
      operation.pathParams.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, values[index] ?? '');
      });
      return {
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        credentials,
        contentType: sent.contentType,
        payload: sent.payload,
        remoteAddress,
      };
    });
}
