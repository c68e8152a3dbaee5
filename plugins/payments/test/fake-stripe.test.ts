import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, parseForm, startFakeStripe } from './fake-stripe.js';

// The fake Stripe on its own: what the e-commerce plugin's tests and a Chromium test rely on.

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_own', webhookSecret: 'whsec_own' });
});
afterAll(async () => {
  await fake.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_own',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body,
  });

const session = new URLSearchParams({
  mode: 'payment',
  success_url: 'https://shop.test/ok',
  'line_items[0][price_data][currency]': 'eur',
  'line_items[0][price_data][unit_amount]': '500',
  'line_items[0][price_data][product_data][name]': 'Mug',
  'line_items[0][quantity]': '3',
}).toString();

describe('the fake Stripe', () => {
  it('parses bracket notation into objects and lists', () => {
    expect(parseForm('a[b][0][c]=1&a[b][1][c]=2&m[k]=v&x=y')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      m: { k: 'v' },
      x: 'y',
    });
  });

  it('answers as Stripe does: a wrong key, an idempotency key reused with other parameters', async () => {
    const wrong = await post('/v1/checkout/sessions', session, { authorization: 'Bearer sk_test_other' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toMatchObject({ type: 'invalid_request_error' });

    const first = await post('/v1/checkout/sessions', session, { 'idempotency-key': 'k1' });
    expect(first.status).toBe(200);
    const made = await first.json();
    expect(made).toMatchObject({
      object: 'checkout.session',
      amount_total: 1500,
      currency: 'eur',
      status: 'open',
    });
    const again = await post('/v1/checkout/sessions', session, { 'idempotency-key': 'k1' });
    expect((await again.json()).id).toBe(made.id);
    const other = await post('/v1/checkout/sessions', `${session}&customer_email=a%40b.test`, {
      'idempotency-key': 'k1',
    });
    expect(other.status).toBe(400);
    expect((await other.json()).error.type).toBe('idempotency_error');

    const missing = await post(
      '/v1/checkout/sessions',
      'mode=payment&success_url=https%3A%2F%2Fshop.test%2Fok',
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'line_items',
    });
    const read = await fetch(`${fake.url}/v1/checkout/sessions/${made.id}`, {
      headers: { authorization: 'Bearer sk_test_own' },
    });
    expect((await read.json()).id).toBe(made.id);
  });

  it('delivers signed events over HTTP to an address, with the site’s host', async () => {
    const received: Array<{ host: string | undefined; signature: string; body: string }> = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          host: request.headers.host,
          signature: String(request.headers['stripe-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      fake.setEndpoint({ url: `http://127.0.0.1:${port}/api/payments/stripe/webhook`, host: 'shop.test' });
      const made = await (await post('/v1/checkout/sessions', session)).json();
      // The hosted page's Pay button: the event is delivered before the buyer is sent back.
      const paid = await fetch(`${fake.url}/pay/${made.id}`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('https://shop.test/ok');
      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(delivery?.host).toBe('shop.test');
      const event = JSON.parse(delivery?.body ?? '{}');
      expect(event).toMatchObject({
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: made.id, status: 'complete', payment_status: 'paid' } },
      });
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery?.signature ?? '') ?? [];
      expect(v1).toBe(createHmac('sha256', 'whsec_own').update(`${t}.${delivery?.body}`).digest('hex'));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
