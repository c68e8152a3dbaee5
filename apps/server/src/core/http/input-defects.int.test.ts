import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';

// Each case here was a 500 (or an answer outside the envelope) found from outside; see issue 14.

let t: TestContext;
let token: string;
const host = 'defects.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
  const rootId = await seedUser(t.runtime, siteId, roles, {
    email: 'root@defects.test',
    role: 'super_admin',
  });
  token = await seedToken(t.runtime, rootId);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: string | object) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}) },
    payload,
  });
}

function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toEqual({
    message: expect.any(String),
    errors: expect.any(Object),
    code: expect.any(String),
    request_id: expect.any(String),
  });
  return body as { errors: Record<string, string[]>; code: string; message: string };
}

describe('a Content-Type: application/json sent with no body', () => {
  const empty = (method: 'DELETE' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { host, ...bearer(token), 'content-type': 'application/json' } });

  it('is no body on a DELETE', async () => {
    const made = await call('POST', '/api/redirects', { from: '/empty-body', to: '/there' });
    expect(made.statusCode).toBe(201);
    expect((await empty('DELETE', `/api/redirects/${made.json().data.id}`)).statusCode).toBe(204);
    expect(expectEnvelope(await empty('DELETE', '/api/redirects/999999'), 404).code).toBeDefined();
  });

  it('is still a malformed body where one is expected', async () => {
    expect(expectEnvelope(await empty('POST', '/api/redirects'), 400).code).toBe('malformed_body');
  });
});

describe('keys named like Object.prototype members', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'a body key %s is a field error, not a 500',
    async (key) => {
      const res = await call('POST', '/api/users', `{"${key}": 1}`);
      const body = expectEnvelope(res, 422);
      expect(Object.hasOwn(body.errors, key)).toBe(true);
      expect(body.errors[key]).toEqual(['This field is not allowed.']);
    },
  );

  it('the same on an update route', async () => {
    const res = await call('PUT', '/api/roles/1', '{"constructor": {"prototype": 1}, "toString": "x"}');
    expect([400, 422]).toContain(res.statusCode);
    expectEnvelope(res, res.statusCode);
  });
});

describe('strings no engine stores as sent', () => {
  it('NUL in the login email is refused with 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host },
      payload: { email: 'root@defects.test\u0000', password: 'whatever' },
    });
    const body = expectEnvelope(res, 422);
    expect(body.errors.email).toEqual(['Must not contain NUL characters or unpaired surrogates.']);
  });

  it('NUL and a lone surrogate in a display name', async () => {
    const res = await call('POST', '/api/users', {
      email: 'nul@defects.test',
      display_name: 'A\u0000B',
      password: 'a fine long passphrase',
      role: 'editor',
      locale: 'en',
    });
    const body = expectEnvelope(res, 422);
    expect(body.errors.display_name).toBeDefined();
    const surrogate = await call('POST', '/api/users', `{"display_name": "\\ud800", "email": "x@y.test"}`);
    expect(expectEnvelope(surrogate, 422).errors.display_name).toBeDefined();
  });

  it('NUL in the users and activity filters', async () => {
    expect(expectEnvelope(await call('GET', '/api/users?search=a%00b'), 422).errors.search).toBeDefined();
    expect(expectEnvelope(await call('GET', '/api/activity?action=a%00'), 422).errors.action).toBeDefined();
    expect(
      expectEnvelope(await call('GET', '/api/activity/export?subject_id=%00'), 422).errors.subject_id,
    ).toBeDefined();
  });

  it('a NUL in a key is reported under a printable field name', async () => {
    const res = await call('POST', '/api/users', '{"a\\u0000b": 1}');
    expect(Object.keys(expectEnvelope(res, 422).errors)).toContain('a\uFFFDb');
  });

  it('a key with a line break is still named in the 422 (the serializer dropped it)', async () => {
    const res = await call('POST', '/api/users', '{"a\\nb": 1}');
    expect(expectEnvelope(res, 422).errors['a\nb']).toEqual(['This field is not allowed.']);
  });

  it('JSON nested beyond the limit is refused, whatever the route', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await call('POST', '/api/users', `{"display_name": ${deep}}`);
    expect(Object.values(expectEnvelope(res, 422).errors).flat()).toContain(
      'Must not be nested more than 64 levels deep.',
    );
  });
});

describe('numbers past what the database holds', () => {
  it('an id above 2^31-1 in a path is 422, the largest id is a 404', async () => {
    expect(expectEnvelope(await call('GET', '/api/users/2147483648'), 422).errors.id).toBeDefined();
    expect(expectEnvelope(await call('GET', '/api/roles/9007199254740993'), 422).errors.id).toBeDefined();
    expectEnvelope(await call('GET', '/api/users/2147483647'), 404);
  });

  it('an id above 2^31-1 in a filter is 422', async () => {
    const res = await call('GET', '/api/activity?user_id=2147483648');
    expect(expectEnvelope(res, 422).errors.user_id).toBeDefined();
  });

  it('Infinity, however spelled, is 422 in a path, a filter or a page (coercion skipped the bounds)', async () => {
    expect(expectEnvelope(await call('GET', '/api/users/Infinity'), 422).errors.id).toBeDefined();
    expect(expectEnvelope(await call('GET', '/api/users?page=1e400'), 422).errors.page).toBeDefined();
    expect(expectEnvelope(await call('GET', '/api/roles?limit=-Infinity'), 422).errors.limit).toBeDefined();
    const filter = await call('GET', '/api/activity/export?user_id=1e400');
    expect(expectEnvelope(filter, 422).errors.user_id).toEqual(['Must be a finite number.']);
  });

  it('a JSON number past a double is 422', async () => {
    const res = await call('PUT', '/api/roles/1', '{"name": 1e400}');
    expect(expectEnvelope(res, 422).errors.name).toEqual(['Must be a finite number.']);
  });

  it('page=1e308 is 422; the largest page is an empty page', async () => {
    expect(expectEnvelope(await call('GET', '/api/users?page=1e308'), 422).errors.page).toBeDefined();
    expect(expectEnvelope(await call('GET', '/api/activity?page=1e308'), 422).errors.page).toBeDefined();
    const last = await call('GET', '/api/users?page=2147483647&limit=100');
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toEqual([]);
  });
});

describe('timestamps JavaScript cannot hold', () => {
  it('a leap second in the activity filter is 422', async () => {
    const res = await call('GET', '/api/activity?from=2016-12-31T23:59:60Z');
    expect(expectEnvelope(res, 422).errors.from).toEqual(['Must be a valid date-time.']);
  });

  it('the export refuses it before sending a 200 and the CSV header', async () => {
    const res = await call('GET', '/api/activity/export?to=2016-12-31T23:59:60Z');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(expectEnvelope(res, 422).errors.to).toBeDefined();
  });

  it('ordinary bounds still work', async () => {
    const res = await call(
      'GET',
      '/api/activity/export?from=2016-12-31T23:59:59Z&to=2099-01-01T00:00:00%2B02:00',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toMatch(/^id,created_at/);
  });
});

describe('what Node and the router refuse before a route runs', () => {
  it('a path that is not valid percent-encoding gets the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A', headers: { host } });
    expect([400, 404]).toContain(res.statusCode);
    expectEnvelope(res, res.statusCode);
  });

  describe('on a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });

    /** Sends raw bytes and reads until the server closes the connection. */
    function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => {
          received += chunk.toString('utf8');
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = received.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), headers: head, body });
        });
        socket.write(request);
      });
    }

    function expectRawEnvelope(res: { status: number; headers: string; body: string }, status: number) {
      expect(res.status).toBe(status);
      expect(res.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(res.body)).toEqual({
        message: expect.any(String),
        errors: {},
        code: expect.any(String),
        request_id: expect.any(String),
      });
    }

    it('Content-Length together with Transfer-Encoding', async () => {
      const res = await raw(
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      );
      expectRawEnvelope(res, 400);
    });

    it('a Content-Length that is not a number', async () => {
      const res = await raw(
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      );
      expectRawEnvelope(res, 400);
    });

    it('a query string of multi-byte characters past the header limit: 431 read by the client, never a dropped connection', async () => {
      for (const query of [
        encodeURIComponent('€'.repeat(3_000)),
        `${encodeURIComponent('日本語')}&`.repeat(1_500),
        // Far past the limit: the client is still sending when the answer goes out.
        encodeURIComponent('€'.repeat(400_000)),
      ]) {
        const res = await raw(`GET /api/search?q=${query} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        expectRawEnvelope(res, 431);
      }
      // On a kept-alive connection, after an answered request: the second answer still comes.
      const second = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        let sentSecond = false;
        socket.on('data', (chunk) => {
          received += chunk.toString('utf8');
          if (!sentSecond && /\r\n\r\n\{.*\}$/s.test(received)) {
            sentSecond = true;
            received = '';
            socket.write(
              `GET /api/search?q=${encodeURIComponent('€'.repeat(3_000))} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
            );
          }
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(received));
        socket.write(`GET /api/site HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      });
      expect(second).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(second.split('\r\n\r\n')[1] ?? '').code).toBe('headers_too_large');
      // Raw bytes past ASCII are no valid request target: a 400, in the envelope too.
      expectRawEnvelope(
        await raw(`GET /api/search?q=${'€'.repeat(6_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
        400,
      );
    });

    it('headers too large: 431', async () => {
      const res = await raw(
        `GET /api/site HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectRawEnvelope(res, 431);
    });
  });
});
