import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { ValidationFailed } from '../errors.js';
import type { App } from './app-type.js';
import { PageQuery } from './envelope.js';
import { operationOf } from './request-actor.js';
import { siteRoutes } from './site-routes.js';

const host = { host: 'example.test' };
const Item = Type.Object({
  n: Type.Integer(),
  site: Type.Integer(),
  user: Type.Union([Type.Integer(), Type.Null()]),
});

describe('siteRoutes: a route is its spec and one call', () => {
  let t: TestContext;
  let token: string;
  let siteId: number;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        routes: (scope) => {
          const routes = siteRoutes(
            scope as unknown as App,
            (request) => operationOf(t.runtime, request),
            'test',
          );
          routes.list(
            '/api/test-items',
            {
              permission: 'authenticated',
              summary: 'A page of numbers',
              querystring: Type.Object(PageQuery(5, 10)),
              data: Item,
            },
            async (ctx, { query }) => ({
              items: Array.from({ length: query.limit }, (_, i) => ({
                n: (query.page - 1) * query.limit + i,
                site: ctx.site.id,
                user: ctx.actor.userId,
              })),
              total: 12,
            }),
          );
          routes.post(
            '/api/test-items',
            {
              permission: 'authenticated',
              summary: 'Echo',
              body: Type.Object({ n: Type.Integer() }),
              data: Item,
              status: 201,
            },
            async (ctx, { body }) => {
              if (body.n < 0) throw new ValidationFailed({ n: ['Must not be negative.'] });
              return { n: body.n, site: ctx.site.id, user: ctx.actor.userId };
            },
          );
          routes.delete(
            '/api/test-items/:n',
            { permission: 'public', summary: 'Nothing', params: Type.Object({ n: Type.Integer() }) },
            async (ctx) => ctx.actor.userId,
          );
        },
      },
    );
    const seeded = await seedSiteWithRoles(t.runtime);
    siteId = seeded.siteId;
    userId = await seedUser(t.runtime, siteId, seeded.roles, { email: 'ed@example.test', role: 'editor' });
    token = await seedToken(t.runtime, userId);
  });
  afterAll(() => t.close());

  it('hands the handler the site and the actor, and pages the answer with the meta of spec 2.4', async () => {
    const res = await t.app.inject({
      url: '/api/test-items?page=3&limit=5',
      headers: { ...host, ...bearer(token) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 12, per_page: 5, current_page: 3, last_page: 3 });
    expect(body.data[0]).toEqual({ n: 10, site: siteId, user: userId });
  });

  it('sets the declared status and wraps one resource in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-items',
      headers: { ...host, ...bearer(token) },
      payload: { n: 4 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { n: 4, site: siteId, user: userId }, meta: {} });
  });

  it('answers typed errors and missing credentials in the error envelope', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/test-items',
      headers: { ...host, ...bearer(token) },
      payload: { n: -1 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ n: ['Must not be negative.'] });
    const anonymous = await t.app.inject({ url: '/api/test-items', headers: host });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBeTypeOf('string');
  });

  it('lets an anonymous visitor through a public route as an actor with no user, and sends 204 with no body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/test-items/3', headers: host });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('documents the route with its errors in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json', headers: host })).json();
    const post = doc.paths['/api/test-items'].post;
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['201', '401', '403', '404', '409', '422', '429']),
    );
    expect(post.tags).toEqual(['test']);
  });

  it('refuses to declare a route without a permission', async () => {
    const routes = siteRoutes(t.app as unknown as App, (request) => operationOf(t.runtime, request), 'test');
    expect(() =>
      routes.get('/api/nope', { permission: '', summary: 'x', data: Type.Null() }, async () => null),
    ).toThrow(/declares no permission/);
  });
});
