import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { installPlugins, pluginFixtures } from '../../../apps/server/test/plugin-fixtures.js';
import type { Payment, StartedPayment } from '../src/api.js';
import { type FakeStripe, startFakeStripe } from './fake-stripe.js';

// The payments plugin inside Tessera, paid through a fake Stripe on 127.0.0.1: the shop that uses
// it is a plugin requiring it, calling its API and listening to its hooks, as the e-commerce
// plugin will.

const fixtures = pluginFixtures('tessera-payments-');
const shop = fixtures.write(
  'shop-fixture',
  `export default (plugin) => {
     const payments = () => plugin.api.of('payments');
     for (const outcome of ['paid', 'failed', 'expired', 'cancelled', 'refunded'])
       plugin.hooks.onAction('payments.' + outcome, (ctx, event) => {
         if (outcome === 'paid' && globalThis.__refusePaid)
           throw new plugin.errors.Conflict('The order was cancelled meanwhile.', 'order_cancelled');
         (globalThis.__paymentsHeard ??= []).push({ site: ctx.site.id, outcome, event });
       });
     plugin.routes.post('/checkout', { permission: 'public', summary: 'Pays for an order' },
       (ctx, { body }) => payments().start(ctx, body));
     plugin.routes.post('/checkout-words', { permission: 'public', summary: 'Why a payment did not start' },
       async (ctx, { body }) => {
         try { await payments().start(ctx, body); return null; }
         catch (error) { return { code: error.code, en: payments().explain(ctx, error, 'en'), fr: payments().explain(ctx, error, 'fr') }; }
       });
     plugin.routes.get('/methods', { permission: 'public', summary: 'How one may pay' },
       (ctx, { query }) => payments().methods(ctx, query.locale));
     plugin.routes.get('/payments/:id', { permission: 'public', summary: 'A payment' },
       (ctx, { params }) => payments().get(ctx, Number(params.id)));
     plugin.routes.post('/payments/:id/cancel', { permission: 'public', summary: 'An order cancelled' },
       (ctx, { params }) => payments().cancel(ctx, Number(params.id)));
     plugin.routes.post('/payments/:id/refund', { permission: 'authenticated', summary: 'An order refunded' },
       (ctx, { params, body }) => payments().refund(ctx, Number(params.id), body?.amount));
   };`,
  { tessera: { plugin: 'shop-fixture', entry: 'index.js', requires: { payments: '^1' } } },
);

interface Heard {
  site: number;
  outcome: string;
  event: { payment: Payment; refund?: { amount: number; origin: string } };
}
const heard = () => ((globalThis as { __paymentsHeard?: Heard[] }).__paymentsHeard ??= []);
const heardOf = (reference: string) => heard().filter((each) => each.event.payment.reference === reference);
const refusePaid = (refuse: boolean) => {
  (globalThis as { __refusePaid?: boolean }).__refusePaid = refuse;
};

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let fake: FakeStripe;
/** The site Stripe's events are delivered to, by its host. */
let webhookSite: ContentSite;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [shop]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'payments-a.test');
  b = await seedContentSite(t.app, t.runtime, 'payments-b.test');
  for (const site of [a, b]) {
    for (const plugin of ['payments', 'shop-fixture']) {
      const on = await site.call('admin', 'PUT', `/api/plugins/${plugin}/active`, { active: true });
      expect(on.statusCode, on.body).toBe(200);
    }
    // The fake listens on 127.0.0.1, which a site reaches only once a Super Admin allows it.
    const allowed = await site.call('super_admin', 'PUT', '/api/settings/plugins', {
      allow_private_addresses: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    await configure(site, {});
  }
  webhookSite = a;
  fake.setEndpoint(async ({ payload, headers }) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { ...headers, host: webhookSite.host },
      payload,
    });
    return { status: answer.statusCode, body: answer.body };
  });
});
afterAll(async () => {
  await fake?.settled();
  await t?.close();
  await fake?.close();
  fixtures.remove();
});
beforeEach(() => {
  webhookSite = a;
  refusePaid(false);
});

async function configure(site: ContentSite, changes: Record<string, unknown>) {
  const res = await site.call('admin', 'PUT', '/api/settings/payments', {
    provider: 'stripe',
    stripe_secret_key: fake.secretKey,
    stripe_webhook_secret: fake.webhookSecret,
    stripe_publishable_key: 'pk_test_fake',
    stripe_api_base: fake.url,
    bank_transfer: true,
    bank_transfer_instructions: 'IBAN FR76 3000 6000 0112 3456 7890 189, reference: your order number.',
    cash_on_delivery: false,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
}

let orders = 0;
const order = () => `order-${testEngine}-${++orders}`;

/** What the shop sends to start paying for an order of 25.00 EUR. */
const startBody = (reference: string, changes: Record<string, unknown> = {}, site = a) => ({
  purpose: 'shop-fixture',
  reference,
  amount: 2500,
  currency: 'EUR',
  description: `Order ${reference}`,
  customerEmail: 'buyer@example.com',
  lineItems: [
    { name: 'Mug', unitAmount: 1250, quantity: 1 },
    { name: 'Tea towel', unitAmount: 625, quantity: 2 },
  ],
  successUrl: `https://${site.host}/shop/orders/${reference}?session={CHECKOUT_SESSION_ID}`,
  cancelUrl: `https://${site.host}/shop/checkout`,
  method: 'stripe',
  ...changes,
});

const checkout = (reference: string, changes: Record<string, unknown> = {}, site = a) =>
  site.call('anonymous', 'POST', '/api/shop-fixture/checkout', startBody(reference, changes, site));

async function started(reference: string, changes: Record<string, unknown> = {}, site = a) {
  const res = await checkout(reference, changes, site);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StartedPayment;
}

const sessionOf = (started: StartedPayment) => /\/pay\/([^/]+)$/.exec(started.redirectUrl ?? '')?.[1] ?? '';

async function paymentOf(
  id: number,
  site = a,
): Promise<Payment & { refunds: Array<{ amount: number; origin: string }> }> {
  const res = await site.call('admin', 'GET', `/api/payments/payments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A paid payment of 2500 and its Stripe session. */
async function paidPayment(reference: string) {
  const payment = await started(reference);
  const session = sessionOf(payment);
  const [delivered] = await fake.pay(session);
  expect(delivered?.status, delivered?.body).toBe(200);
  return { id: payment.id, session };
}

describe(`the payments plugin (${testEngine})`, () => {
  it('declares its permissions and its settings, and never answers the secret keys back', async () => {
    const catalogue = JSON.stringify((await a.call('admin', 'GET', '/api/permissions')).json().data);
    for (const permission of ['payments.view', 'payments.refund', 'payments.manage'])
      expect(catalogue).toContain(permission);
    const read = await a.call('admin', 'GET', '/api/settings/payments');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      provider: 'stripe',
      stripe_secret_key: { set: true },
      stripe_webhook_secret: { set: true },
      stripe_publishable_key: 'pk_test_fake',
    });
    const all = await a.call('admin', 'GET', '/api/settings');
    for (const body of [read.body, all.body]) {
      expect(body).not.toContain(fake.secretKey);
      expect(body).not.toContain(fake.webhookSecret);
    }
    const schemas = (await a.call('admin', 'GET', '/api/settings/schemas')).json().data;
    expect(JSON.stringify(schemas)).toContain('stripe_webhook_secret');

    // What the schema cannot say: Stripe needs its keys, and the keys go to Stripe only.
    const keyless = await a.call('admin', 'PUT', '/api/settings/payments', { stripe_secret_key: null });
    expect(keyless.statusCode).toBe(422);
    expect(Object.keys(keyless.json().errors)).toEqual(['payments.stripe_secret_key']);
    const clear = await a.call('admin', 'PUT', '/api/settings/payments', {
      stripe_api_base: 'https://collector.example',
    });
    expect(clear.statusCode).toBe(422);
    expect(Object.keys(clear.json().errors)).toEqual(['payments.stripe_api_base']);
    expect((await a.call('editor', 'GET', '/api/settings/payments')).statusCode).toBe(403);
  });

  it('offers the methods the site set up, in the buyer’s language', async () => {
    const offered = (await a.call('anonymous', 'GET', '/api/shop-fixture/methods?locale=fr')).json().data;
    expect(offered).toEqual([
      { method: 'stripe', label: 'Carte bancaire', redirects: true, instructions: '' },
      {
        method: 'bank_transfer',
        label: 'Virement bancaire',
        redirects: false,
        instructions: expect.stringContaining('IBAN'),
      },
    ]);
    const refused = await checkout(order(), { method: 'cash_on_delivery' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'payments_method_unavailable' });
  });

  it('starts a Checkout Session, and takes the payment as paid only from the signed webhook, once', async () => {
    const reference = order();
    const payment = await started(reference);
    expect(payment).toMatchObject({
      status: 'pending',
      redirectUrl: expect.stringContaining(`${fake.url}/pay/cs_test_`),
    });
    const session = sessionOf(payment);

    // What went to Stripe: the secret key, an idempotency key, form-encoded brackets.
    const request = fake.requests.find(
      (each) =>
        each.path === '/v1/checkout/sessions' &&
        each.status === 200 &&
        each.params.client_reference_id === String(payment.id),
    );
    expect(request?.idempotencyKey).toBe(`tessera/${a.host}/payment/${payment.id}/1`);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      customer_email: 'buyer@example.com',
      success_url: `https://${a.host}/shop/orders/${reference}?session={CHECKOUT_SESSION_ID}`,
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: '1250', product_data: { name: 'Mug' } },
          quantity: '1',
        },
        {
          price_data: { currency: 'eur', unit_amount: '625', product_data: { name: 'Tea towel' } },
          quantity: '2',
        },
      ],
      metadata: { tessera_payment: String(payment.id), tessera_site: String(a.siteId) },
      payment_intent_data: { metadata: { tessera_payment: String(payment.id) } },
    });
    expect(fake.sessions.get(session)?.amount_total).toBe(2500);

    // A buyer clicking twice gets the same page, not a second session.
    expect(await started(reference)).toEqual(payment);

    // The buyer pays on the provider's page: it sends the signed event, then the buyer back.
    const page = await fetch(payment.redirectUrl ?? '');
    expect(await page.text()).toContain('<button type="submit" id="pay">Pay</button>');
    expect((await paymentOf(payment.id)).status).toBe('pending');
    const paid = await fetch(payment.redirectUrl ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://${a.host}/shop/orders/${reference}?session=${session}`,
    );

    const after = await paymentOf(payment.id);
    expect(after).toMatchObject({
      status: 'paid',
      amount: 2500,
      currency: 'EUR',
      purpose: 'shop-fixture',
      reference,
    });
    expect(after.provider_payment_intent).toMatch(/^pi_test_/);
    expect(after.paid_at).not.toBeNull();
    expect(heardOf(reference).map((each) => each.outcome)).toEqual(['paid']);
    expect(heardOf(reference)[0]?.event.payment).toMatchObject({ status: 'paid', reference });
    expect(heardOf(reference)[0]?.site).toBe(a.siteId);
    // The shop reads it through the API too.
    expect(
      (await a.call('anonymous', 'GET', `/api/shop-fixture/payments/${payment.id}`)).json().data.status,
    ).toBe('paid');
  });

  it('announces payments to the site’s webhooks (payment.paid, payment.refunded)', async () => {
    const catalogue = (await b.call('admin', 'GET', '/api/webhooks/events')).json().data as Array<{
      name: string;
    }>;
    expect(catalogue.map((event) => event.name)).toEqual(
      expect.arrayContaining([
        'payment.paid',
        'payment.failed',
        'payment.expired',
        'payment.cancelled',
        'payment.refunded',
      ]),
    );
    const hook = await b.call('admin', 'POST', '/api/webhooks', {
      url: 'https://hooks.example.org/payments',
      events: ['payment.*'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    webhookSite = b;
    const payment = await started(order(), {}, b);
    await fake.pay(sessionOf(payment));
    const refunded = await b.call('admin', 'POST', `/api/payments/payments/${payment.id}/refund`, {
      amount: 300,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await fake.settled();
    const deliveries = (
      await b.call('admin', 'GET', `/api/webhooks/${hook.json().data.id}/deliveries`)
    ).json().data as Array<{ event: string; body: string }>;
    expect(deliveries.map((delivery) => delivery.event).sort()).toEqual(['payment.paid', 'payment.refunded']);
    const sent = deliveries.map((delivery) => JSON.parse(delivery.body).data);
    expect(sent).toContainEqual(
      expect.objectContaining({
        payment: expect.objectContaining({
          id: payment.id,
          status: 'partially_refunded',
          amount_refunded: 300,
        }),
        refund: expect.objectContaining({ amount: 300, origin: 'site' }),
      }),
    );
    expect(JSON.stringify(sent)).not.toContain(fake.secretKey);
  });

  it('changes nothing more for a duplicated or late webhook', async () => {
    const reference = order();
    const { id, session } = await paidPayment(reference);
    const completed = fake.event('checkout.session.completed', { ...fake.sessions.get(session) });
    const [first, again] = await fake.send(completed, { times: 2 });
    expect(first?.status, first?.body).toBe(200);
    // A new event id for the same news: recorded, but the payment is past pending.
    expect(JSON.parse(first?.body ?? '{}').data).toEqual({ received: true, outcome: 'handled' });
    expect(JSON.parse(again?.body ?? '{}').data).toEqual({ received: true, outcome: 'duplicate' });
    // Expired after completed (out of order): nothing.
    const expired = fake.event('checkout.session.expired', {
      ...fake.sessions.get(session),
      status: 'expired',
    });
    expect((await fake.send(expired))[0]?.status).toBe(200);
    expect((await paymentOf(id)).status).toBe('paid');
    expect(heardOf(reference).map((each) => each.outcome)).toEqual(['paid']);
    // Events it does not act on are answered 200 and left alone.
    const other = await fake.send(fake.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(JSON.parse(other[0]?.body ?? '{}').data).toEqual({ received: true, outcome: 'ignored' });
  });

  it('follows a delayed payment method to its end, and an expiry, each once', async () => {
    const later = order();
    const slow = await started(later);
    await fake.payLater(sessionOf(slow));
    expect((await paymentOf(slow.id)).status).toBe('pending');
    await fake.settleLater(sessionOf(slow), false);
    await fake.settleLater(sessionOf(slow), false);
    expect((await paymentOf(slow.id)).status).toBe('failed');
    expect(heardOf(later).map((each) => each.outcome)).toEqual(['failed']);

    const abandoned = order();
    const left = await started(abandoned);
    const [expired] = await fake.expire(sessionOf(left));
    expect(expired?.status).toBe(200);
    // Completed after expired cannot come from Stripe; were it sent, it would change nothing.
    await fake.send(
      fake.event('checkout.session.completed', {
        ...fake.sessions.get(sessionOf(left)),
        payment_status: 'paid',
        status: 'complete',
      }),
    );
    expect((await paymentOf(left.id)).status).toBe('expired');
    expect(heardOf(abandoned).map((each) => each.outcome)).toEqual(['expired']);
  });

  it('refuses a webhook whose signature does not hold, or is too old, and changes nothing', async () => {
    const reference = order();
    const payment = await started(reference);
    const session = sessionOf(payment);
    const completed = fake.event('checkout.session.completed', {
      ...fake.sessions.get(session),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_forged',
    });
    for (const options of [
      { signature: 'invalid' as const },
      { signature: 'none' as const },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    ]) {
      const [refused] = await fake.send(completed, options);
      expect(refused?.status, refused?.body).toBe(400);
      expect(JSON.parse(refused?.body ?? '{}').code).toBe('payments_signature_invalid');
    }
    // The body changed after signing.
    const payload = JSON.stringify(completed);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        host: a.host,
        'content-type': 'application/json',
        'stripe-signature': fake.signatureHeader(payload),
      },
      payload: payload.replace('"amount_total":2500', '"amount_total": 2500'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await paymentOf(payment.id)).status).toBe('pending');
    expect(heardOf(reference)).toEqual([]);
    // Refused deliveries were not recorded: the genuine one still counts.
    const [genuine] = await fake.send(completed);
    expect(genuine?.status).toBe(200);
    expect((await paymentOf(payment.id)).status).toBe('paid');
  });

  it('rolls the change back when the purpose plugin refuses it, so the next delivery counts', async () => {
    const reference = order();
    const payment = await started(reference);
    const session = sessionOf(payment);
    refusePaid(true);
    const [refused] = await fake.pay(session);
    expect(refused?.status).toBe(409);
    expect(JSON.parse(refused?.body ?? '{}').code).toBe('order_cancelled');
    expect((await paymentOf(payment.id)).status).toBe('pending');
    refusePaid(false);
    if (!refused) throw new Error('no delivery');
    const [retried] = await fake.send(refused.event);
    expect(JSON.parse(retried?.body ?? '{}').data.outcome).toBe('handled');
    expect((await paymentOf(payment.id)).status).toBe('paid');
    expect(heardOf(reference).map((each) => each.outcome)).toEqual(['paid']);
  });

  it('refunds in part then in full, never more than was paid, each refund told once', async () => {
    const reference = order();
    const { id, session } = await paidPayment(reference);
    const part = await a.call('admin', 'POST', `/api/payments/payments/${id}/refund`, { amount: 1000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'partially_refunded', amount_refunded: 1000 });
    const asked = fake.requests.filter((each) => each.path === '/v1/refunds').at(-1);
    expect(asked?.params).toMatchObject({
      payment_intent: fake.sessions.get(session)?.payment_intent,
      amount: '1000',
    });
    expect(asked?.idempotencyKey).toMatch(new RegExp(`^tessera/${a.host}/refund/\\d+$`));
    // Stripe's charge.refunded for that refund arrives after: counted already, nothing more.
    await fake.settled();
    expect((await paymentOf(id)).amount_refunded).toBe(1000);

    const tooMuch = await a.call('admin', 'POST', `/api/payments/payments/${id}/refund`, { amount: 1501 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'payments_refund_too_large' });
    expect(tooMuch.json().errors.amount).toHaveLength(1);
    // Said in the caller's language: their profile's.
    expect((await a.call('admin', 'PUT', '/api/me', { locale: 'fr' })).statusCode).toBe(200);
    const enFrançais = await a.call('admin', 'POST', `/api/payments/payments/${id}/refund`, { amount: 1501 });
    expect((await a.call('admin', 'PUT', '/api/me', { locale: 'en' })).statusCode).toBe(200);
    expect(enFrançais.statusCode).toBe(422);
    expect(enFrançais.json().code).toBe('payments_refund_too_large');
    expect(enFrançais.json().message).not.toBe(tooMuch.json().message);
    expect(enFrançais.json().errors.amount).toEqual([enFrançais.json().message]);

    const rest = await a.call('admin', 'POST', `/api/payments/payments/${id}/refund`, {});
    expect(rest.json().data).toMatchObject({ status: 'refunded', amount_refunded: 2500 });
    await fake.settled();
    const again = await a.call('admin', 'POST', `/api/payments/payments/${id}/refund`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payments_not_refundable');

    const detail = await paymentOf(id);
    expect(detail.refunds.map((refund) => [refund.amount, refund.origin])).toEqual([
      [1000, 'site'],
      [1500, 'site'],
    ]);
    expect(heardOf(reference).map((each) => [each.outcome, each.event.refund?.amount ?? null])).toEqual([
      ['paid', null],
      ['refunded', 1000],
      ['refunded', 1500],
    ]);
    expect(fake.chargeOf(session)?.amount_refunded).toBe(2500);
  });

  it('records a refund made in the provider’s dashboard from charge.refunded, once', async () => {
    const reference = order();
    const { id, session } = await paidPayment(reference);
    const charge = { ...fake.chargeOf(session), amount_refunded: 700 };
    await fake.send(fake.event('charge.refunded', charge), { times: 2 });
    await fake.send(fake.event('charge.refunded', charge));
    const detail = await paymentOf(id);
    expect(detail).toMatchObject({ status: 'partially_refunded', amount_refunded: 700 });
    expect(detail.refunds.map((refund) => [refund.amount, refund.origin])).toEqual([[700, 'provider']]);
    expect(heardOf(reference).filter((each) => each.outcome === 'refunded')).toHaveLength(1);
  });

  it('says the provider’s refusals in plain words, never a 500', async () => {
    const cases: Array<[Parameters<FakeStripe['failNext']>[0], number, string]> = [
      ['card_declined', 422, 'payments_card_declined'],
      ['rate_limited', 429, 'payments_provider_busy'],
      ['server_error', 502, 'payments_provider_unavailable'],
    ];
    for (const [failure, status, code] of cases) {
      fake.failNext(failure);
      const res = await checkout(order());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).not.toMatch(/stripe|api_error|card_error/i);
    }
    const words = async () => {
      const res = await a.call('anonymous', 'POST', '/api/shop-fixture/checkout-words', startBody(order()));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await words()).toBeNull();
    fake.failNext('card_declined');
    const declined = await words();
    expect(declined).toEqual({
      code: 'payments_card_declined',
      en: 'The card was declined. Try another card or another way of paying.',
      fr: 'La carte a été refusée. Essayez une autre carte ou un autre moyen de paiement.',
    });

    // A wrong key, and a provider that does not answer at all.
    await configure(b, { stripe_secret_key: 'sk_test_wrong_key_0000' });
    const badKey = await checkout(order(), {}, b);
    expect(badKey.statusCode).toBe(409);
    expect(badKey.json()).toMatchObject({
      code: 'payments_provider_key_refused',
      message: expect.stringContaining('check the secret key in the Payments settings'),
    });
    expect(badKey.body).not.toContain('sk_test_wrong');
    await configure(b, { stripe_api_base: 'http://127.0.0.1:9' });
    const down = await checkout(order(), {}, b);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('payments_provider_unavailable');
    await configure(b, {});
  });

  it('sends the same idempotency key again when an answer was lost, and a new one after a kept failure', async () => {
    const lost = order();
    fake.failNext('drop');
    const first = await checkout(lost);
    expect(first.statusCode).toBe(502);
    expect(first.json().code).toBe('payments_provider_unavailable');
    const retried = await started(lost);
    const tries = fake.requests.filter(
      (each) => each.idempotencyKey === `tessera/${a.host}/payment/${retried.id}/1`,
    );
    expect(tries.map((each) => each.replayed)).toEqual([false, true]);
    // Stripe answered the retry with the session it had made: one session for the payment.
    const sessions = [...fake.sessions.values()].filter(
      (each) => each.client_reference_id === String(retried.id),
    );
    expect(sessions.map((each) => each.id)).toEqual([sessionOf(retried)]);

    // A 500 is kept by Stripe for its key: the next try asks with a new one.
    const failed = order();
    fake.failNext('server_error');
    expect((await checkout(failed)).statusCode).toBe(502);
    const second = await started(failed);
    const keys = fake.requests
      .filter((each) => each.idempotencyKey?.startsWith(`tessera/${a.host}/payment/${second.id}/`))
      .map((each) => [each.idempotencyKey?.split('/').at(-1), each.status]);
    expect(keys).toEqual([
      ['1', 500],
      ['2', 200],
    ]);
  });

  it('keeps a bank transfer pending until someone who may manage payments marks it received', async () => {
    const reference = order();
    const transfer = await started(reference, { method: 'bank_transfer' });
    expect(transfer).toEqual({
      id: transfer.id,
      status: 'pending',
      instructions: expect.stringContaining('IBAN FR76'),
    });
    expect(
      (await a.call('editor', 'POST', `/api/payments/payments/${transfer.id}/received`)).statusCode,
    ).toBe(403);
    const received = await a.call('admin', 'POST', `/api/payments/payments/${transfer.id}/received`);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({ status: 'paid', method: 'bank_transfer' });
    const twice = await a.call('admin', 'POST', `/api/payments/payments/${transfer.id}/received`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('payments_not_pending');
    expect(heardOf(reference).map((each) => each.outcome)).toEqual(['paid']);
    // Money given back by hand is recorded without the provider.
    const before = fake.requests.length;
    const refunded = await a.call('admin', 'POST', `/api/payments/payments/${transfer.id}/refund`, {
      amount: 500,
    });
    expect(refunded.json().data).toMatchObject({ status: 'partially_refunded', amount_refunded: 500 });
    expect(fake.requests.length).toBe(before);
    // A card payment is never marked received by hand.
    const card = await started(order());
    const refused = await a.call('admin', 'POST', `/api/payments/payments/${card.id}/received`);
    expect(refused.json().code).toBe('payments_not_manual');
  });

  it('cancels a pending payment by closing its provider page first', async () => {
    const reference = order();
    const payment = await started(reference);
    const cancelled = await a.call('anonymous', 'POST', `/api/shop-fixture/payments/${payment.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(fake.sessions.get(sessionOf(payment))?.status).toBe('expired');
    // Stripe's checkout.session.expired that follows changes nothing.
    await fake.settled();
    expect((await paymentOf(payment.id)).status).toBe('cancelled');
    expect(heardOf(reference).map((each) => each.outcome)).toEqual(['cancelled']);
    // Paid already: refused, to be refunded instead.
    const paid = await paidPayment(order());
    const late = await a.call('anonymous', 'POST', `/api/shop-fixture/payments/${paid.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('payments_not_pending');
  });

  it('checks its permission on every route', async () => {
    const { id } = await paidPayment(order());
    const routes: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/payments/payments'],
      ['GET', `/api/payments/payments/${id}`],
      ['POST', `/api/payments/payments/${id}/refund`, { amount: 1 }],
      ['POST', `/api/payments/payments/${id}/received`],
      ['POST', `/api/payments/payments/${id}/cancel`],
    ];
    for (const [method, url, body] of routes) {
      expect((await a.call('author', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await a.call('anonymous', method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    // Through the API too: refunding needs payments.refund.
    const shopRefund = await a.call('author', 'POST', `/api/shop-fixture/payments/${id}/refund`, {
      amount: 1,
    });
    expect(shopRefund.statusCode).toBe(403);
    expect((await paymentOf(id)).amount_refunded).toBe(0);
  });

  it('lists a site’s payments by status and purpose, and never another site’s', async () => {
    const reference = order();
    const { id, session } = await paidPayment(reference);
    const pending = await started(order());
    const list = async (site: ContentSite, query: string) => {
      const res = await site.call('admin', 'GET', `/api/payments/payments${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: Payment[]; total: number };
    };
    const paid = await list(a, '?status=paid&purpose=shop-fixture&per_page=100');
    expect(paid.items.map((each) => each.id)).toContain(id);
    expect(paid.items.map((each) => each.id)).not.toContain(pending.id);
    expect(paid.items.every((each) => each.status === 'paid')).toBe(true);
    expect((await list(a, `?reference=${reference}`)).items.map((each) => each.id)).toEqual([id]);
    expect((await list(a, '?purpose=nobody')).total).toBe(0);

    expect((await list(b, `?reference=${reference}`)).total).toBe(0);
    expect((await b.call('admin', 'GET', `/api/payments/payments/${id}`)).statusCode).toBe(404);
    expect((await b.call('admin', 'POST', `/api/payments/payments/${pending.id}/cancel`)).statusCode).toBe(
      404,
    );
    expect((await b.call('anonymous', 'GET', `/api/shop-fixture/payments/${id}`)).statusCode).toBe(404);
    // Site A's session, delivered to site B's address: B has no such payment.
    webhookSite = b;
    const [elsewhere] = await fake.send(
      fake.event('checkout.session.expired', {
        ...fake.sessions.get(sessionOf(pending)),
        status: 'expired',
      }),
    );
    expect(JSON.parse(elsewhere?.body ?? '{}').data.outcome).toBe('unknown_payment');
    expect((await paymentOf(pending.id)).status).toBe('pending');
    expect(session).toMatch(/^cs_test_/);
  });
});
