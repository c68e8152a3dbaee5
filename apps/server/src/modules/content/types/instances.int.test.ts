import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';

// Two instances of one installation on one database, without Redis: what one learns of a new
// content type it reads from the database when it first meets it.
let one: TestContext;
let two: TestContext;
let site: ContentSite;

beforeAll(async () => {
  one = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  two = await createTestApp({ RATE_LIMIT_GENERAL: '100000' }, { database: one.database });
  site = await seedContentSite(one.app, one.runtime, 'types.test');
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const onTwo = (caller: 'super_admin' | 'admin', method: 'GET' | 'POST', url: string, payload?: unknown) =>
  two.app.inject({
    method,
    url,
    headers: { host: site.host, authorization: `Bearer ${site.users[caller].token}` },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

describe(`a content type made on another instance (${testEngine})`, () => {
  it('is usable at once by a Super Admin and an Admin whose access was resolved before it existed', async () => {
    // Both callers' access on instance two is resolved, and kept, before the type exists.
    expect((await onTwo('super_admin', 'GET', '/api/posts')).statusCode).toBe(200);
    expect((await onTwo('admin', 'GET', '/api/posts')).statusCode).toBe(200);
    const made = await site.call('admin', 'POST', '/api/content-types', {
      slug: 'recipe',
      singular_label: 'Recipe',
      plural_label: 'Recipes',
      route_pattern: '/recipes/{slug}',
      fields: [],
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const caller of ['super_admin', 'admin'] as const) {
      const created = await onTwo(caller, 'POST', '/api/content/recipe', { title: `Soup by ${caller}` });
      expect(created.statusCode, created.body).toBe(201);
      expect((await onTwo(caller, 'GET', '/api/content/recipe')).statusCode).toBe(200);
    }
  });
});
