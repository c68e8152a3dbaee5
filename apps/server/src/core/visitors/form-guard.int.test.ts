import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext, testEngine } from '../../../test/harness.js';
import { FORM_TOKEN_FIELD, FORM_TOKEN_LIFETIME_MS, publicFormsOf, seeOther } from './form-guard.js';
import { acceptFormPosts, postedValues } from './form-posts.js';

let t: TestContext;
let siteA: number;
let siteB: number;
let visitor = 0;

/** A public form as a plugin's page would have one: two posts a minute per address. */
function guestbook(app: FastifyInstance) {
  acceptFormPosts(app);
  app.post('/_guestbook', { config: { permission: 'public', rateLimit: 'none' } }, async (request, reply) => {
    const values = postedValues(request.body);
    await publicFormsOf(t.runtime).check(request, reply, { form: 'guestbook.sign', perMinute: 2, values });
    return seeOther(reply, '/guestbook?signed=1');
  });
}

const forms = () => publicFormsOf(t.runtime);

function post(
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: 'http://a.test' },
  from = '203.0.113.1',
) {
  return t.app.inject({
    method: 'POST',
    url: '/_guestbook',
    headers: { host: 'a.test', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: from,
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Each check from an address of its own, so the budget of one never decides another's. */
const fresh = () => {
  visitor += 1;
  return `198.51.100.${visitor}`;
};

beforeAll(async () => {
  t = await createTestApp({}, { routes: guestbook });
  siteA = await seedSite(t.runtime, 'a.test');
  siteB = await seedSite(t.runtime, 'b.test');
});
afterAll(() => t.close());

describe(`the guard of public form posts (${testEngine})`, () => {
  it('takes a post from a page of the site with its token, and answers 303 to a page', async () => {
    const token = forms().token({ id: siteA }, 'guestbook.sign');
    const res = await post({ [FORM_TOKEN_FIELD]: token, message: 'Hello' }, undefined, fresh());
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/guestbook?signed=1');
    expect(res.headers['x-ratelimit-limit']).toBe('2');
  });

  it('takes the Referer of a page of the site from a browser that sent no Origin', async () => {
    const token = forms().token({ id: siteA }, 'guestbook.sign');
    const res = await post({ [FORM_TOKEN_FIELD]: token }, { referer: 'http://a.test/guestbook' }, fresh());
    expect(res.statusCode, res.body).toBe(303);
  });

  it('refuses a post from another origin, or from nowhere it can tell', async () => {
    const token = forms().token({ id: siteA }, 'guestbook.sign');
    const sent: Array<Record<string, string>> = [
      { origin: 'http://evil.test' },
      { origin: 'null' },
      { origin: 'https://a.test' },
      { referer: 'http://evil.test/a.test' },
      {},
    ];
    for (const headers of sent) {
      const res = await post({ [FORM_TOKEN_FIELD]: token }, headers, fresh());
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('form_origin_refused');
    }
  });

  it('refuses a post without its token, with a forged one, or one of another form or site', async () => {
    const good = forms().token({ id: siteA }, 'guestbook.sign');
    const [issued, mac = ''] = good.split('.');
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'form_token_missing'],
      [{ [FORM_TOKEN_FIELD]: '' }, 'form_token_missing'],
      [{ [FORM_TOKEN_FIELD]: `${issued}.${mac.slice(0, -2)}AA` }, 'form_token_invalid'],
      [{ [FORM_TOKEN_FIELD]: `${(Date.now() + 5).toString(36)}.${mac}` }, 'form_token_invalid'],
      [{ [FORM_TOKEN_FIELD]: 'not-a-token' }, 'form_token_invalid'],
      [{ [FORM_TOKEN_FIELD]: forms().token({ id: siteA }, 'contact.send') }, 'form_token_invalid'],
      [{ [FORM_TOKEN_FIELD]: forms().token({ id: siteB }, 'guestbook.sign') }, 'form_token_invalid'],
    ];
    for (const [fields, code] of cases) {
      const res = await post(fields, undefined, fresh());
      expect(res.statusCode, JSON.stringify(fields)).toBe(403);
      expect(res.json().code, JSON.stringify(fields)).toBe(code);
    }
  });

  it('refuses a token older than two hours, or from too far in the future', async () => {
    const old = forms().token({ id: siteA }, 'guestbook.sign', Date.now() - FORM_TOKEN_LIFETIME_MS - 1000);
    const expired = await post({ [FORM_TOKEN_FIELD]: old }, undefined, fresh());
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('form_token_expired');
    const ahead = forms().token({ id: siteA }, 'guestbook.sign', Date.now() + 10 * 60_000);
    expect((await post({ [FORM_TOKEN_FIELD]: ahead }, undefined, fresh())).json().code).toBe(
      'form_token_expired',
    );
    const nearlyOld = forms().token(
      { id: siteA },
      'guestbook.sign',
      Date.now() - FORM_TOKEN_LIFETIME_MS + 60_000,
    );
    expect((await post({ [FORM_TOKEN_FIELD]: nearlyOld }, undefined, fresh())).statusCode).toBe(303);
  });

  it("counts posts in the form's own budget per address, and forged ones not at all", async () => {
    const from = fresh();
    const token = () => ({ [FORM_TOKEN_FIELD]: forms().token({ id: siteA }, 'guestbook.sign') });
    // Forged posts from the visitor's browser first: they must not spend the visitor's budget.
    for (let i = 0; i < 3; i++)
      expect((await post(token(), { origin: 'http://evil.test' }, from)).statusCode).toBe(403);
    expect((await post(token(), undefined, from)).statusCode).toBe(303);
    expect((await post(token(), undefined, from)).statusCode).toBe(303);
    const over = await post(token(), undefined, from);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    // Another address, and the API's own budget, are untouched.
    expect((await post(token(), undefined, fresh())).statusCode).toBe(303);
  });
});
