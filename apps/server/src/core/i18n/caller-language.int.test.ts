import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';

/**
 * The same refusals said in the caller's language: a content field's rule, the input validation of
 * a route's schema, and a message of the domain, in the error envelope of spec 7.
 */
let t: TestContext;
const HOST = 'words.test';
/** Administrators whose profiles say English, French, and no language (the browser's). */
const tokens: Record<'english' | 'french' | 'unset', string> = { english: '', french: '', unset: '' };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, HOST);
  for (const [who, locale] of [
    ['english', 'en'],
    ['french', 'fr'],
    ['unset', 'und'],
  ] as const) {
    const id = await seedUser(t.runtime, siteId, roles, { email: `${who}@${HOST}`, role: 'admin' });
    tokens[who] = await seedToken(t.runtime, id, null, null, siteId);
    const profile = await call(who, 'PUT', '/api/me', { locale });
    expect(profile.statusCode, profile.body).toBe(200);
  }
  const type = await call('english', 'POST', '/api/content-types', {
    slug: 'product',
    singular_label: 'Product',
    plural_label: 'Products',
    fields: [
      { key: 'name', label: 'Name', type: 'text', max_length: 5 },
      { key: 'price', label: 'Price', type: 'number', required: true },
    ],
  });
  expect(type.statusCode, type.body).toBe(201);
});
afterAll(() => t.close());

function call(
  who: keyof typeof tokens,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  acceptLanguage?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: {
      host: HOST,
      ...bearer(tokens[who]),
      ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
    },
  });
}

/** The three refusals, by what refuses them, and the field each is said beside. */
const REFUSALS = {
  fieldRule: { field: 'fields.name', body: { title: 'Lamp', fields: { name: 'Too long', price: 1 } } },
  inputValidation: { field: 'title', body: { title: { text: 'Lamp' }, fields: { price: 1 } } },
  domain: { field: 'locale', body: { title: 'Lamp', locale: 'de', fields: { price: 1 } } },
} as const;

const ENGLISH = {
  message: 'The given data was invalid.',
  fieldRule: 'Must be at most 5 characters.',
  inputValidation: 'Must be of type string.',
  domain: 'The site publishes in en; not in de.',
};

const FRENCH = {
  message: 'Certaines valeurs sont à revoir.',
  fieldRule: 'Au plus 5 caractères.',
  inputValidation: 'Doit être de type string.',
  domain: 'Le site publie en en ; pas en de.',
};

/** Each refusal as `who` gets it, with that Accept-Language: said as `expected`, in its language. */
async function expectSaid(
  who: keyof typeof tokens,
  acceptLanguage: string | undefined,
  expected: typeof ENGLISH,
  language: 'en' | 'fr',
): Promise<void> {
  for (const [refusal, { field, body }] of Object.entries(REFUSALS)) {
    const res = await call(who, 'POST', '/api/content/product', body, acceptLanguage);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-language']).toBe(language);
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.json()).toMatchObject({
      message: expected.message,
      code: 'validation_failed',
      errors: { [field]: [expected[refusal as keyof typeof REFUSALS]] },
    });
  }
}

describe(`messages in the caller's language (${testEngine})`, () => {
  it('says them in French to a caller whose Accept-Language prefers French, when the profile names none', async () => {
    await expectSaid('unset', 'fr-FR,fr;q=0.9,en;q=0.8', FRENCH, 'fr');
  });

  it('says them in English without Accept-Language, or with a language the server does not write', async () => {
    await expectSaid('unset', undefined, ENGLISH, 'en');
    await expectSaid('unset', 'de-DE,de;q=0.9', ENGLISH, 'en');
  });

  it("says them in the profile's language, whatever Accept-Language says", async () => {
    await expectSaid('french', undefined, FRENCH, 'fr');
    await expectSaid('french', 'en', FRENCH, 'fr');
    await expectSaid('english', 'fr', ENGLISH, 'en');
  });

  it('follows a change of the profile at once', async () => {
    expect((await call('english', 'PUT', '/api/me', { locale: 'fr' })).statusCode).toBe(200);
    await expectSaid('english', undefined, FRENCH, 'fr');
    expect((await call('english', 'PUT', '/api/me', { locale: 'en' })).statusCode).toBe(200);
    await expectSaid('english', undefined, ENGLISH, 'en');
  });

  it('says an anonymous refusal in the language of Accept-Language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      headers: { host: HOST, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Certaines valeurs sont à revoir.',
      errors: { email: ['Ce champ est obligatoire.'] },
    });
  });
});
