import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/harness.js';
import { changedTables, type DatabaseDigest } from '../../../test/hostile/database-digest.js';
import { envelopeProblem } from '../../../test/hostile/envelope-shape.js';
import { startFuzzTarget } from '../../../test/hostile/fuzz-target.js';
import { HOSTILE_UPLOADS } from '../../../test/hostile/hostile-files.js';
import { type HostileRequest, hostileRequest } from '../../../test/hostile/hostile-requests.js';
import { hostileValue, jsonOf, objectJson, REDOS } from '../../../test/hostile/hostile-values.js';

/**
 * Drives every operation of the app's own OpenAPI document with hostile input: wrong types, numbers
 * past every bound, NUL and lone surrogates, prototype keys, deep nesting, odd ids, duplicate query
 * parameters, malformed and oversized bodies, as a Super Admin by token and by session. Fails on a
 * 5xx, on an answer outside the envelope, and on a refused (4xx) request that changed a row.
 * Routes added later are driven too: the list comes from the document.
 *
 * Seeded and bounded: TESSERA_FUZZ_SEED and TESSERA_FUZZ_RUNS (runs per operation) widen a local
 * hunt; a failure prints the seed that replays it.
 */
const SEED = Number(process.env.TESSERA_FUZZ_SEED ?? 1414);
const RUNS = Number(process.env.TESSERA_FUZZ_RUNS ?? 24);
// A run left behind by a timeout would write under the next operation's checks: a second a run is
// far more than one takes, even on a loaded machine.
const OPERATION_TIMEOUT_MS = RUNS * 1000;

const target = await startFuzzTarget();
afterAll(() => target.close());

/** A seed per operation, so a route added later does not change what the others are sent. */
function seedOf(operationId: string): number {
  return SEED ^ createHash('sha1').update(operationId).digest().readInt32BE(0);
}

function describeRequest(request: HostileRequest): string {
  const payload =
    typeof request.payload === 'string' && request.payload.length > 300
      ? `${request.payload.slice(0, 300)}... (${request.payload.length} chars)`
      : request.payload;
  return JSON.stringify({
    ...request,
    payload: Buffer.isBuffer(payload) ? payload.toString('hex') : payload,
  });
}

describe(`hostile input on every operation (${testEngine})`, () => {
  it('reads the operations from the document, plugin routes included', () => {
    expect(target.operations.length).toBeGreaterThan(20);
    expect(target.operations.map((operation) => operation.path)).toContain('/api/guestbook/entries');
  });

  it('notices a write in its database digest', async () => {
    const before = await target.digest();
    const { during, after } = await target.touchDatabase();
    expect(changedTables(before, during)).toEqual(['site_domains', 'sites']);
    // The sequence moved on, but no row differs.
    expect(changedTables(before, after)).toEqual([]);
  });

  it('answers content types with ReDoS patterns, and the values that set them off, at once', async () => {
    const json = (url: string, body: unknown): HostileRequest => ({
      method: 'POST',
      url,
      credentials: 'token',
      contentType: 'application/json',
      payload: JSON.stringify(body),
      remoteAddress: '198.51.100.7',
    });
    for (const [i, [pattern, value]] of REDOS.entries()) {
      const type = (fields: Record<string, unknown>) => ({
        slug: `redos${i}`,
        singular_label: 'Code',
        plural_label: 'Codes',
        fields: [{ key: 'code', label: 'Code', type: 'text', pattern, ...fields }],
      });
      const answers = [
        await target.send(json('/api/content-types', type({ default: value }))),
        await target.send(json('/api/content-types', type({}))),
        await target.send(json(`/api/content/redos${i}`, { title: 'Code', fields: { code: value } })),
      ];
      expect(
        answers.map((answer) => answer.status),
        pattern,
      ).toEqual([422, 201, 422]);
      for (const answer of answers) expect(envelopeProblem(answer, [])).toBeNull();
    }
  });

  // A bomb's cost is in decoding it: refused from its header, it is a 422 in a moment. Decoded,
  // canvas.gif took 13 to 60 s and some 650 MB, and held up every other site's uploads meanwhile.
  for (const { file, contentType, payload } of HOSTILE_UPLOADS)
    it(`refuses the upload of ${file.name} (${file.why}) at once, in the envelope`, async () => {
      const before = await target.digest();
      const started = performance.now();
      const answer = await target.send({
        method: 'POST',
        url: '/api/media/upload',
        credentials: 'token',
        contentType,
        payload,
        remoteAddress: '198.51.100.7',
      });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(answer.status, answer.body).toBe(422);
      expect(JSON.parse(answer.body).code).toBe('image_refused');
      expect(envelopeProblem(answer, [], false)).toBeNull();
      expect(changedTables(before, await target.digest())).toEqual([]);
    });

  // Each list block of a canvas is queries and up to 50 entries: 2,000 of them took seconds a
  // request on SQLite. Past the canvas's bound it is a 422 before any query (and past the caller's
  // rate limit, which the fuzzer's is not, a 429).
  it('refuses a canvas of 2,000 paged content lists at once, in the envelope', async () => {
    const blocks = Array.from({ length: 2_000 }, (_, i) => ({
      id: `list${i}`,
      type: 'content-list',
      props: { count: 50, paged: true },
    }));
    const started = performance.now();
    const answer = await target.send({
      method: 'POST',
      url: '/api/builder/canvas',
      credentials: 'token',
      contentType: 'application/json',
      payload: JSON.stringify({ blocks, section: 'header' }),
      remoteAddress: '198.51.100.7',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(answer.status, answer.body).toBe(422);
    expect(JSON.parse(answer.body).code).toBe('canvas_too_costly');
    expect(envelopeProblem(answer, [], false)).toBeNull();
  });

  // A plugin's public page and its form post, outside the API document: hostile query strings and
  // bodies, with and without the page's token, get a 4xx (or the 303 of an accepted post) and never
  // a 5xx; a refused post writes nothing.
  it("answers hostile visits and form posts to a plugin's page without a 5xx, writing nothing when refusing", async () => {
    const page = await target.send({
      method: 'GET',
      url: '/guestbook',
      credentials: 'anonymous',
      contentType: null,
      payload: undefined,
      remoteAddress: '198.51.100.9',
    });
    expect(page.status, page.body).toBe(200);
    const token = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const bodies = fc.record({
      name: hostileValue,
      message: hostileValue,
      withToken: fc.boolean(),
      contentType: fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/json',
        'text/plain',
        null,
      ),
      query: fc.string({ maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(bodies, async ({ name, message, withToken, contentType, query }) => {
        const before = await target.digest();
        const text = (value: unknown) => (typeof value === 'string' ? value : jsonOf(value));
        const form = new URLSearchParams({
          name: text(name),
          message: text(message),
          ...(withToken ? { form_token: token } : {}),
        });
        const answer = await target.send({
          method: 'POST',
          url: `/guestbook?${encodeURIComponent(query)}`,
          credentials: 'anonymous',
          contentType,
          payload:
            contentType === 'application/json'
              ? objectJson([
                  ['name', name],
                  ['message', message],
                ])
              : form.toString(),
          remoteAddress: '198.51.100.9',
          headers: { origin: 'http://fuzz.test' },
        });
        expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
        if (answer.status >= 400) expect(changedTables(before, await target.digest())).toEqual([]);
        const visit = await target.send({
          method: 'GET',
          url: `/guestbook?${encodeURIComponent(query)}&${encodeURIComponent(text(name).replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`,
          credentials: 'anonymous',
          contentType: null,
          payload: undefined,
          remoteAddress: '198.51.100.9',
        });
        expect(visit.status).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  let digest: DatabaseDigest | null = null;

  for (const operation of target.operations) {
    it(
      `${operation.method} ${operation.path}`,
      async () => {
        digest ??= await target.digest();
        await fc.assert(
          fc.asyncProperty(hostileRequest(operation, target.knownIds), async (request) => {
            const before = digest ?? (await target.digest());
            const answer = await target.send(request);
            const problem = envelopeProblem(
              answer,
              operation.successTypes,
              !operation.path.startsWith('/api'),
            );
            let after = await target.digest();
            const changed = answer.status >= 400 ? changedTables(before, after) : [];
            if (answer.status < 300 && request.method !== 'GET') {
              await target.keepAccess();
              after = await target.digest();
            }
            digest = after;
            const failures = [
              problem,
              changed.length > 0 ? `refused with ${answer.status} but changed ${changed.join(', ')}` : null,
            ].filter(Boolean);
            if (failures.length > 0) {
              throw new Error(
                `${failures.join('; ')}\nrequest: ${describeRequest(request)}\nanswer: ${answer.status} ${answer.contentType} ${answer.body.slice(0, 500)}`,
              );
            }
          }),
          { seed: seedOf(operation.id), numRuns: RUNS, endOnFailure: true },
        );
      },
      OPERATION_TIMEOUT_MS,
    );
  }
});
