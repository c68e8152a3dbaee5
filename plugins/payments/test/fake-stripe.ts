/**
 * A fake Stripe for tests: a real HTTP server on 127.0.0.1 (a random port) speaking Stripe's wire
 * format for what the payments plugin calls, so no request leaves the machine. Self-contained
 * (Node's own modules only): the e-commerce plugin's tests and a Chromium test use it as it is.
 *
 * What it answers, as Stripe's API v1 does:
 * - `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`,
 *   `POST /v1/checkout/sessions/:id/expire`, `POST /v1/refunds`: form-encoded bodies in bracket
 *   notation (`line_items[0][price_data][currency]=eur`), `Authorization: Bearer <secret key>`
 *   (401 with Stripe's error body for another key), errors as `{ error: { type, code, message,
 *   param } }`.
 * - Idempotency: a POST's `Idempotency-Key` with the same parameters gets the first answer again
 *   (the same session, the same refund; a declined card or a 500 too, as Stripe keeps those); the
 *   same key with other parameters is 400 `idempotency_error`. Answers Stripe does not keep (a bad
 *   key, too many requests, a request that fails validation) are not kept.
 * - The hosted page `GET /pay/:session`: the amount, a Pay button (a form POST to the same address
 *   that completes the session, sends the signed `checkout.session.completed` event to the endpoint
 *   and then redirects to `success_url`, `{CHECKOUT_SESSION_ID}` filled in) and a Cancel link.
 * - Events signed as Stripe signs them: header `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 hex of
 *   "<t>.<body>" keyed with the webhook secret>`. A refund sends `charge.refunded`, an expiry
 *   `checkout.session.expired`, on their own (`autoEvents: false` stops that).
 *
 * For tests:
 * - `endpoint`: where events go: an address (`http://127.0.0.1:3000/api/payments/stripe/webhook`,
 *   with `host` for the site's name) or a function (`(delivery) => app.inject(...)`).
 * - `failNext('card_declined' | 'rate_limited' | 'server_error' | 'drop')`: the next API call answers
 *   402 `card_declined`, 429 `rate_limit`, 500 `api_error`, or is carried out and its connection cut
 *   before the answer (an answer lost on the way back).
 * - `pay(id)`, `payLater(id)` then `settleLater(id, ok)`, `expire(id)`: what a buyer or time does,
 *   without a browser; each answers the deliveries it made.
 * - `event(type, object)` builds an event (a fresh id); `send(event, { signature, timestamp,
 *   times })` delivers it signed (`valid`), with a wrong secret (`invalid`), without the header
 *   (`none`), at another time, several times; send them in any order.
 * - `requests`: every API call received (method, path, idempotency key, parsed parameters, status).
 * - `settled()` waits for the events sent on their own; `close()` stops the server.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Params = { [key: string]: Json };

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, Json> };
}

export interface Delivery {
  event: FakeEvent;
  /** The body exactly as sent (what the signature covers). */
  payload: string;
  headers: Record<string, string>;
}

export interface Delivered {
  event: FakeEvent;
  status: number;
  body: string;
}

export type WebhookEndpoint =
  | string
  | { url: string; host?: string }
  | ((delivery: Delivery) => Promise<{ status: number; body: string }>);

export type Failure = 'card_declined' | 'rate_limited' | 'server_error' | 'drop';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Params;
  status: number;
  replayed: boolean;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not in Stripe's session object: what the page lists. */
  line_items: Array<{ name: string; unit_amount: number; quantity: number }>;
  /** Not in Stripe's session object: the metadata asked for the PaymentIntent. */
  payment_intent_metadata: Record<string, string>;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  paid: true;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  endpoint?: WebhookEndpoint;
  /** Send `charge.refunded` after a refund and `checkout.session.expired` after an expiry. Default true. */
  autoEvents?: boolean;
}

export interface FakeStripe {
  /** The API's base address, `http://127.0.0.1:<port>`: the plugin's `stripe_api_base`. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  setEndpoint(endpoint: WebhookEndpoint): void;
  failNext(failure: Failure): void;
  pay(sessionId: string): Promise<Delivered[]>;
  payLater(sessionId: string): Promise<Delivered[]>;
  settleLater(sessionId: string, succeeded: boolean): Promise<Delivered[]>;
  expire(sessionId: string): Promise<Delivered[]>;
  chargeOf(sessionId: string): Charge | undefined;
  event(type: string, object: object): FakeEvent;
  send(
    event: FakeEvent,
    options?: { signature?: 'valid' | 'invalid' | 'none'; timestamp?: number; times?: number },
  ): Promise<Delivered[]>;
  signatureHeader(payload: string, timestamp?: number, secret?: string): string;
  settled(): Promise<void>;
  close(): Promise<void>;
}

const API_VERSION = '2025-03-31.basil';
const now = () => Math.floor(Date.now() / 1000);
const idOf = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=v` pairs into nested objects, lists where every key is an index. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: { [key: string]: Json } = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (!next || typeof next !== 'object') node[part] = {};
        node = node[part] as { [key: string]: Json };
      }
    });
  }
  const lists = (value: Json): Json => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const entries = Object.entries(value).map(([key, item]) => [key, lists(item)] as const);
    if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
    return Object.fromEntries(entries);
  };
  return lists(root) as Params;
}

class ApiFailure {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; message: string; param?: string; decline_code?: string },
    /** Stripe keeps the answer for the idempotency key (the endpoint ran). */
    readonly kept: boolean,
  ) {}
}

const invalid = (message: string, param?: string, code = 'parameter_missing') =>
  new ApiFailure(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) }, false);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_secret';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_secret';
  const autoEvents = options.autoEvents ?? true;
  let endpoint: WebhookEndpoint | null = options.endpoint ?? null;
  let failure: Failure | null = null;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, Charge>();
  const kept = new Map<string, { fingerprint: string; status: number; body: string }>();
  const inFlight = new Set<Promise<unknown>>();
  let base = '';

  const signatureHeader = (payload: string, timestamp = now(), secret = webhookSecret) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  function event(type: string, object: object): FakeEvent {
    return {
      id: idOf('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) as Record<string, Json> },
    };
  }

  async function deliver(delivery: Delivery): Promise<{ status: number; body: string }> {
    if (!endpoint) throw new Error('fake Stripe: no webhook endpoint set (setEndpoint)');
    if (typeof endpoint === 'function') return endpoint(delivery);
    const target = typeof endpoint === 'string' ? { url: endpoint } : endpoint;
    return new Promise((resolve, reject) => {
      const sent = httpRequest(
        target.url,
        {
          method: 'POST',
          headers: { ...delivery.headers, ...(target.host ? { host: target.host } : {}) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(delivery.payload);
    });
  }

  async function send(
    built: FakeEvent,
    sendOptions: { signature?: 'valid' | 'invalid' | 'none'; timestamp?: number; times?: number } = {},
  ): Promise<Delivered[]> {
    const payload = JSON.stringify(built, null, 2);
    const signature = sendOptions.signature ?? 'valid';
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (signature !== 'none')
      headers['stripe-signature'] = signatureHeader(
        payload,
        sendOptions.timestamp ?? now(),
        signature === 'valid' ? webhookSecret : 'whsec_not_the_endpoint_secret',
      );
    const delivered: Delivered[] = [];
    for (let time = 0; time < (sendOptions.times ?? 1); time++) {
      const answer = await deliver({ event: built, payload, headers });
      delivered.push({ event: built, ...answer });
    }
    return delivered;
  }

  /** An event the fake sends on its own, after answering: `settled()` waits for it. */
  function sendLater(built: FakeEvent): void {
    if (!autoEvents || !endpoint) return;
    const sending = send(built).catch(() => undefined);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  function sessionFound(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session)
      throw new ApiFailure(
        404,
        {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${id}'`,
          param: 'session',
        },
        false,
      );
    return session;
  }

  /** The session as Stripe answers it: without the fake's own bookkeeping. */
  function sessionObject(session: FakeSession): Record<string, Json> {
    const { line_items: _lines, payment_intent_metadata: _metadata, ...object } = session;
    return object as unknown as Record<string, Json>;
  }

  function createSession(params: Params): Record<string, Json> {
    const mode = params.mode;
    if (mode !== 'payment' && mode !== 'subscription') throw invalid('Missing required param: mode.', 'mode');
    if (typeof params.success_url !== 'string')
      throw invalid('Missing required param: success_url.', 'success_url');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0)
      throw invalid('Missing required param: line_items.', 'line_items');
    let currency = '';
    const lines = items.map((item, index) => {
      const line = (item ?? {}) as Params;
      const price = (line.price_data ?? {}) as Params;
      const product = (price.product_data ?? {}) as Params;
      const unit = Number(price.unit_amount);
      const quantity = Number(line.quantity);
      if (typeof price.currency !== 'string' || !/^[a-z]{3}$/.test(price.currency))
        throw invalid(
          'Invalid currency.',
          `line_items[${index}][price_data][currency]`,
          'parameter_invalid_string',
        );
      if (!Number.isInteger(unit) || unit < 0)
        throw invalid(
          'Invalid integer.',
          `line_items[${index}][price_data][unit_amount]`,
          'parameter_invalid_integer',
        );
      if (!Number.isInteger(quantity) || quantity < 1)
        throw invalid('Invalid integer.', `line_items[${index}][quantity]`, 'parameter_invalid_integer');
      if (typeof product.name !== 'string' || product.name === '')
        throw invalid(
          'Missing required param: name.',
          `line_items[${index}][price_data][product_data][name]`,
        );
      if (currency && currency !== price.currency)
        throw invalid('All line items must use the same currency.', 'line_items', 'parameter_invalid_string');
      currency = price.currency;
      return { name: product.name, unit_amount: unit, quantity };
    });
    const total = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    const id = idOf('cs');
    const created = now();
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      url: `${base}/pay/${id}`,
      mode,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : '',
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      line_items: lines,
      payment_intent_metadata: {
        ...((((params.payment_intent_data ?? {}) as Params).metadata ?? {}) as Record<string, string>),
      },
    };
    sessions.set(id, session);
    return sessionObject(session);
  }

  function expireSession(id: string): Record<string, Json> {
    const session = sessionFound(id);
    if (session.status !== 'open')
      throw invalid(
        `This Checkout Session is ${session.status} and can no longer be expired.`,
        'session',
        'checkout_session_not_open',
      );
    session.status = 'expired';
    sendLater(event('checkout.session.expired', sessionObject(session)));
    return sessionObject(session);
  }

  function createRefund(params: Params): Record<string, Json> {
    const intent = params.payment_intent;
    const charge = [...charges.values()].find((each) => each.payment_intent === intent);
    if (typeof intent !== 'string')
      throw invalid('Missing required param: payment_intent.', 'payment_intent');
    if (!charge)
      throw new ApiFailure(
        404,
        {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${intent}'`,
        },
        false,
      );
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left === 0)
      throw new ApiFailure(
        400,
        {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${charge.id} has already been refunded.`,
        },
        true,
      );
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw new ApiFailure(
        400,
        {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
          param: 'amount',
        },
        true,
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    sendLater(event('charge.refunded', charge));
    return {
      id: idOf('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent,
      reason: null,
      status: 'succeeded',
      metadata: (params.metadata ?? {}) as Record<string, Json>,
      created: now(),
    };
  }

  function route(method: string, path: string, params: Params): Record<string, Json> {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) return expireSession(decodeURIComponent(expire[1] ?? ''));
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && session) return sessionObject(sessionFound(decodeURIComponent(session[1] ?? '')));
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    throw new ApiFailure(
      404,
      { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      false,
    );
  }

  const INJECTED: Record<Exclude<Failure, 'drop'>, ApiFailure> = {
    card_declined: new ApiFailure(
      402,
      {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
      true,
    ),
    rate_limited: new ApiFailure(
      429,
      {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Too many requests hit the API too quickly.',
      },
      false,
    ),
    server_error: new ApiFailure(
      500,
      { type: 'api_error', message: 'Something went wrong on the fake Stripe’s end.' },
      true,
    ),
  };

  function answerApi(request: IncomingMessage, response: ServerResponse, raw: string, path: string) {
    const method = request.method ?? 'GET';
    const params = method === 'POST' ? parseForm(raw) : {};
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const record = (status: number, replayed: boolean) =>
      requests.push({ method, path, idempotencyKey, params, status, replayed });
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': idOf('req') });
      response.end(body);
    };

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const given = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      record(401, false);
      return send(
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`,
          },
        }),
      );
    }
    const fingerprint = `${method} ${path} ${raw}`;
    const before = idempotencyKey && method === 'POST' ? kept.get(idempotencyKey) : undefined;
    const injected = failure;
    failure = null;
    if (before) {
      if (before.fingerprint !== fingerprint) {
        record(400, false);
        return send(
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          }),
        );
      }
      record(before.status, true);
      if (injected === 'drop') return request.socket.destroy();
      return send(before.status, before.body);
    }
    let status = 200;
    let body: string;
    let keep = true;
    try {
      if (injected && injected !== 'drop') throw INJECTED[injected];
      body = JSON.stringify(route(method, path, params));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.error });
      keep = error.kept;
    }
    if (idempotencyKey && method === 'POST' && keep) kept.set(idempotencyKey, { fingerprint, status, body });
    record(status, false);
    if (injected === 'drop') return request.socket.destroy();
    send(status, body);
  }

  function completeSession(id: string, paid: boolean): FakeSession {
    const session = sessionFound(id);
    if (session.status !== 'open') throw new Error(`fake Stripe: session ${id} is ${session.status}`);
    session.status = 'complete';
    session.payment_intent = idOf('pi');
    session.payment_status = paid ? 'paid' : 'unpaid';
    if (paid) chargeFor(session);
    return session;
  }

  function chargeFor(session: FakeSession): void {
    const charge: Charge = {
      id: idOf('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      payment_intent: session.payment_intent ?? '',
      refunded: false,
      paid: true,
      status: 'succeeded',
      metadata: session.payment_intent_metadata,
      created: now(),
    };
    charges.set(charge.id, charge);
  }

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  async function answerPage(request: IncomingMessage, response: ServerResponse, id: string, raw: string) {
    const session = sessions.get(id);
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        '<!doctype html><title>Not found</title><h1>This payment page does not exist.</h1>',
      );
    }
    if (request.method === 'POST') {
      if (session.status !== 'open') {
        response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(
          `<!doctype html><title>Closed</title><h1>This payment is ${session.status}.</h1>`,
        );
      }
      const paid = new URLSearchParams(raw).get('outcome') !== 'unpaid';
      completeSession(id, paid);
      await send(event('checkout.session.completed', sessionObject(session))).catch(() => undefined);
      response.writeHead(303, { location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id) });
      return response.end();
    }
    const amount = (session.amount_total / 100).toFixed(2);
    const lines = session.line_items
      .map((line) => `<li>${escapeHtml(line.name)} × ${line.quantity}</li>`)
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay ${amount} ${session.currency.toUpperCase()}</title></head>
<body><main>
<h1>Fake Stripe checkout</h1>
<ul>${lines}</ul>
<p>Total: <strong id="total">${amount} ${session.currency.toUpperCase()}</strong></p>
${
  session.status === 'open'
    ? `<form method="post" action="/pay/${escapeHtml(id)}"><button type="submit" id="pay">Pay</button></form>
<p><a id="cancel" href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
    : `<p>This payment is ${session.status}.</p>`
}
</main></body></html>`);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const page = /^\/pay\/([^/]+)$/.exec(path);
      const answering = page
        ? answerPage(request, response, decodeURIComponent(page[1] ?? ''), raw)
        : Promise.resolve(answerApi(request, response, raw, path));
      answering.catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    setEndpoint: (next) => {
      endpoint = next;
    },
    failNext: (next) => {
      failure = next;
    },
    pay: async (id) => send(event('checkout.session.completed', sessionObject(completeSession(id, true)))),
    payLater: async (id) =>
      send(event('checkout.session.completed', sessionObject(completeSession(id, false)))),
    settleLater: async (id, succeeded) => {
      const session = sessionFound(id);
      if (succeeded) {
        session.payment_status = 'paid';
        chargeFor(session);
      }
      const type = succeeded ? 'async_payment_succeeded' : 'async_payment_failed';
      return send(event(`checkout.session.${type}`, sessionObject(session)));
    },
    expire: async (id) => {
      const session = sessionFound(id);
      session.status = 'expired';
      return send(event('checkout.session.expired', sessionObject(session)));
    },
    chargeOf: (id) => {
      const intent = sessions.get(id)?.payment_intent;
      return [...charges.values()].find((charge) => charge.payment_intent === intent);
    },
    event,
    send,
    signatureHeader,
    settled: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
