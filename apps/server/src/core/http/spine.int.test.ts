import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedSite, type TestContext } from '../../../test/harness.js';
import { AppError, Conflict } from '../errors.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      routes: (app) => {
        app.post(
          '/api/test/echo',
          {
            config: { permission: 'public', rateLimit: 'none' },
            schema: {
              body: Type.Object(
                { name: Type.String({ minLength: 2 }), count: Type.Integer({ minimum: 1 }) },
                { additionalProperties: false },
              ),
            },
          },
          async (request) => ({ data: request.body, meta: {} }),
        );
        app.get('/api/test/conflict', { config: { permission: 'public', rateLimit: 'none' } }, async () => {
          throw new Conflict('That slug is taken.', 'slug_taken');
        });
        app.post(
          '/api/test/duplicate-domain',
          { config: { permission: 'public', rateLimit: 'none' } },
          async () => {
            // Two inserts of one primary key: what two racing requests would do.
            await t.runtime.data.transaction(async (tx) => {
              await tx.global
                .insertInto('site_domains')
                .values({ domain: 'race.test', site_id: 1, is_primary: 0 })
                .execute();
              await tx.global
                .insertInto('site_domains')
                .values({ domain: 'race.test', site_id: 1, is_primary: 0 })
                .execute();
            });
            return { data: {}, meta: {} };
          },
        );
        app.get('/api/test/crash', { config: { permission: 'public', rateLimit: 'none' } }, async () => {
          throw new Error('database password is hunter2');
        });
        app.get(
          '/api/test/site',
          { config: { permission: 'public', rateLimit: 'none' } },
          async (request) => ({
            data: { id: request.site?.id },
            meta: {},
          }),
        );
      },
    },
  );
  await seedSite(t.runtime, 'example.test', ['www.example.test']);
});
afterAll(() => t.close());

const host = { host: 'example.test' };

describe('probes', () => {
  it('GET /healthz answers alive without a site', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { host: 'unknown.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' }, meta: {} });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /readyz checks the database', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ready');
  });
});

describe('error envelope', () => {
  it('unknown route gives 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: host });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('/api/nothing-here'),
      errors: {},
      code: 'route_not_found',
    });
  });

  it('a known path with another method gives 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/test/echo', headers: host });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json().code).toBe('method_not_allowed');
    const param = await t.app.inject({ method: 'DELETE', url: '/api/jobs/12/retry', headers: host });
    expect(param.statusCode).toBe(405);
    expect(param.headers.allow).toBe('POST');
  });

  it('malformed JSON gives 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...host, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_body', errors: {} });
  });

  it('unsupported content type gives 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...host, 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('a body over the limit gives 413 naming the limit and the setting that sets it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...host, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000), count: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'The request body is larger than the 1 MB this server accepts (its BODY_LIMIT setting).',
    });
  });

  it('schema violations give 422 with per-field messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: host,
      payload: { name: 'x', extra: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        name: ['Must be at least 2 characters.'],
        count: ['This field is required.'],
        extra: ['This field is not allowed.'],
      },
    });
  });

  it('a valid body passes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: host,
      payload: { name: 'xy', count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'xy', count: 2 }, meta: {} });
  });

  it('domain errors map to their status', async () => {
    const res = await t.app.inject({ url: '/api/test/conflict', headers: host });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'That slug is taken.', code: 'slug_taken' });
  });

  it('a write refused by a unique constraint gives 409 and leaves nothing written', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-domain', headers: host });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('already_exists');
    const rows = await t.runtime.data.global
      .selectFrom('site_domains')
      .selectAll()
      .where('domain', '=', 'race.test')
      .execute();
    expect(rows).toEqual([]);
  });

  it('unexpected failures give a generic 500 with the request id and no detail', async () => {
    const res = await t.app.inject({ url: '/api/test/crash', headers: host });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.message).toContain(res.headers['x-request-id']);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });

  it('AppError headers reach the response', () => {
    const error = new AppError('rate_limited', 'x', 'slow down', {}, { 'retry-after': '3' });
    expect(error.status).toBe(429);
  });
});

describe('site resolution', () => {
  it('resolves the primary domain, an alias, and a port', async () => {
    const id = (await t.app.inject({ url: '/api/test/site', headers: host })).json().data.id;
    expect(id).toBeTypeOf('number');
    for (const h of ['www.example.test', 'EXAMPLE.test:8080']) {
      const res = await t.app.inject({ url: '/api/test/site', headers: { host: h } });
      expect(res.json().data.id).toBe(id);
    }
  });

  it('an unknown host gets a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/test/site', headers: { host: 'nobody.test' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('site_not_found');
  });
});

describe('security headers and OpenAPI', () => {
  it('sets helmet headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // The site sees where its visitors come from; other sites only the origin.
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    for (const obsolete of ['x-xss-protection', 'x-download-options', 'x-dns-prefetch-control'])
      expect(res.headers[obsolete]).toBeUndefined();
  });

  it('serves an OpenAPI 3.1 document naming permissions and rate-limit groups', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/healthz'].get['x-permission']).toBe('public');
    expect(doc.paths['/healthz'].get['x-rate-limit-group']).toBe('none');
  });

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves the docs UI over plain http on any host, with a CSP that keeps it there', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ url, headers: { host: 'lan-box.local:3000' } });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).not.toContain('validator.swagger.io');
      expect(csp).not.toMatch(/https:/);
    }
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
  });
});
