import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let base: string;
let fastAnswers = 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const lane = t.app.fastLane;
  const serve = lane.serve.bind(lane);
  lane.serve = (request, response) => {
    const answered = serve(request, response);
    if (answered) fastAnswers++;
    return answered;
  };
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain HTTP/1.1 request with the Host header given (fetch would put the address there). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { host: a.host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cached pages over a real connection', () => {
  it('are answered before routing, with the same bytes and security headers as the first time', async () => {
    const created = await a.call('editor', 'POST', '/api/pages', { title: 'Contact' });
    await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {});

    const first = await get('/contact');
    expect(first.status).toBe(200);
    const body = first.body;
    expect(fastAnswers).toBe(0);

    const second = await get('/contact?utm_source=mail');
    expect(second.status).toBe(200);
    expect(second.body).toBe(body);
    expect(fastAnswers).toBe(1);
    for (const name of [
      'content-type',
      'etag',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
    ])
      expect(second.headers[name], name).toBe(first.headers[name]);
    // A page's own set (documentHeaders): no HSTS over HTTP, none of helmet's headers for files and
    // windows, and from the cache no request id (no log line to find with it).
    expect(String(second.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    for (const name of ['strict-transport-security', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(second.headers[name], name).toBeUndefined();
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toBeUndefined();

    const unchanged = await get('/contact', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.status).toBe(304);
    const head = await get('/contact', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(fastAnswers).toBe(3);

    // Not for another host, a query string of its own, or the API.
    expect((await get('/contact', { host: 'unknown.test' })).status).toBe(404);
    expect((await get('/contact?print=1')).status).toBe(200);
    expect((await get('/api/site')).status).toBe(200);
    expect(fastAnswers).toBe(3);
  });
});
