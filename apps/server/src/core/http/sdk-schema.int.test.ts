import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';

/**
 * packages/sdk's types are generated from the OpenAPI document the routes' schemas make, and kept
 * in the repository for the admin app and integrators. A route changed without regenerating them
 * fails here: `npm run sdk` writes them again (and the admin's type check then shows what broke).
 */
const SCHEMA = new URL('../../../../../packages/sdk/src/schema.d.ts', import.meta.url);

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
});

afterAll(async () => {
  await t.close();
});

describe('the SDK', () => {
  it('has the types of every route of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const generated = `${HEADER}${astToString(await openapiTS(doc, { alphabetize: true, exportType: true }))}`;
    if (process.env.UPDATE_SDK) writeFileSync(SCHEMA, generated);
    expect(
      readFileSync(SCHEMA, 'utf8') === generated,
      'packages/sdk/src/schema.d.ts is stale: npm run sdk',
    ).toBe(true);
  });
});

const HEADER =
  "// Generated from the server's OpenAPI document by `npm run sdk` (sdk-schema.int.test.ts): do not edit.\n\n";
