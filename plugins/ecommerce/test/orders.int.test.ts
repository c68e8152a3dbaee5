import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerForRuntime } from '../../../apps/server/src/core/jobs/worker.js';
import type { ContentSite } from '../../../apps/server/test/content-fixtures.js';
import { startSmtp } from '../../../apps/server/test/fixtures/smtp.js';
import { type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { PASSWORD, seedAccount } from '../../members/test/fixtures.js';
import type { FakeStripe } from '../../payments/test/fake-stripe.js';
import {
  ADDRESS,
  checkout,
  onSale,
  orderOf,
  Shopper,
  sessionOf,
  setStock,
  stripeShop,
  variant,
} from './fixtures.js';

// Orders after checkout, inside Tessera on the engine of the run: the moves managers make and the
// ones refused, a paid order cancelled with its refund, the list with its filters, the CSV export,
// a customer's orders, and the signed-in buyer's own.

let t: TestContext;
let a: ContentSite;
let fake: FakeStripe;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;

beforeAll(async () => {
  smtp = await startSmtp();
  ({ t, a, fake } = await stripeShop('orders-a.test', { SMTP_URL: smtp.url }));
  // Mails are jobs: a worker sends them as the server's would.
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
  await onSale(a, 'Teapot', [variant('TEAPOT', 3000, { weight: 900 })]);
  await setStock(a, 'TEAPOT', 100);
});
afterAll(async () => {
  await fake?.settled();
  await worker?.stop();
  await t?.close();
  await fake?.close();
  await smtp?.close();
});

const onHand = async () => (await a.call('admin', 'GET', '/api/ecommerce/stock/TEAPOT')).json().data.on_hand;
async function placed(changes: Record<string, unknown> = {}, quantity = 1) {
  const res = await checkout(new Shopper(t.app, a.host), 'TEAPOT', quantity, {
    payment_method: 'bank_transfer',
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const manage = (verb: string, id: number, body: unknown = {}, caller: 'admin' | 'editor' = 'admin') =>
  a.call(caller, 'POST', `/api/ecommerce/orders/${id}/${verb}`, body);
/** The mails sent to `to`, as text (quoted-printable undone), oldest first. */
const mailsTo = (to: string) =>
  smtp.inbox
    .filter((mail) => mail.to.includes(to))
    .map((mail) =>
      mail.raw
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
const received = async (paymentId: number) =>
  expect((await a.call('admin', 'POST', `/api/payments/payments/${paymentId}/received`)).statusCode).toBe(
    200,
  );

describe(`orders (${testEngine})`, () => {
  it('moves an order pending, paid, shipped, delivered, refusing every other move', async () => {
    const order = await placed();
    const id = order.order.id;
    for (const [verb, body] of [
      ['ship', { carrier: 'Colissimo', tracking_number: '6A1' }],
      ['deliver', {}],
    ] as const) {
      const refused = await manage(verb, id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('ecommerce_transition_refused');
    }
    await received(order.payment.id);
    expect((await manage('ship', id, {})).statusCode).toBe(422);
    expect(
      (await manage('ship', id, { carrier: 'Colissimo', tracking_number: '6A1' }, 'editor')).statusCode,
    ).toBe(403);
    const shipped = await manage('ship', id, { carrier: 'Colissimo', tracking_number: '6A12345678901' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({
      status: 'shipped',
      carrier: 'Colissimo',
      tracking_number: '6A12345678901',
    });
    expect((await manage('cancel', id)).json()).toMatchObject({
      code: 'ecommerce_transition_refused',
      message: 'An order shipped cannot become cancelled.',
    });
    expect((await manage('deliver', id)).json().data.status).toBe('delivered');
    expect((await manage('deliver', id)).json().message).toBe('The order is delivered already.');
    const detail = (await a.call('admin', 'GET', `/api/ecommerce/orders/${id}/detail`)).json().data;
    expect(detail.history.map((step: { from: string | null; to: string }) => [step.from, step.to])).toEqual([
      [null, 'pending'],
      ['pending', 'paid'],
      ['paid', 'shipped'],
      ['shipped', 'delivered'],
    ]);
    expect(detail.history[2].actor).toMatch(/^user:\d+$/);
    // What the buyer sees through their link.
    expect(await orderOf(a, order)).toMatchObject({ status: 'delivered', carrier: 'Colissimo' });
  });

  it('cancels a pending order, closing its payment and giving its stock back', async () => {
    const before = await onHand();
    const order = await placed({}, 2);
    expect(await onHand()).toBe(before - 2);
    const cancelled = await manage('cancel', order.order.id, { note: 'Asked by phone' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    expect(await onHand()).toBe(before);
    const payment = (await a.call('admin', 'GET', `/api/payments/payments/${order.payment.id}`)).json().data;
    expect(payment.status).toBe('cancelled');
  });

  it('cancels a paid order only with its money refunded through the provider', async () => {
    const before = await onHand();
    const order = await placed({ payment_method: 'stripe' });
    await fake.pay(sessionOf(order.payment.redirect_url));
    expect((await orderOf(a, order)).status).toBe('paid');
    const cancelled = await manage('cancel', order.order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(fake.requests.some((request) => request.path === '/v1/refunds' && request.status === 200)).toBe(
      true,
    );
    const payment = (await a.call('admin', 'GET', `/api/payments/payments/${order.payment.id}`)).json().data;
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: order.order.total });
    expect(await onHand()).toBe(before);
    const history = (await orderOf(a, order)).history;
    expect(history.map((step: { to: string }) => step.to)).toEqual(['pending', 'paid', 'paid', 'cancelled']);
    expect(history[2].note).toBe(`Refunded ${order.order.total} (site)`);
  });

  it('lists orders with filters and search, exports them as CSV with formulas neutralised, and sums a customer’s', async () => {
    await onSale(a, 'Cup', [variant('CUP', 500, { weight: 100 })]);
    await setStock(a, 'CUP', 10);
    const mallory = await checkout(new Shopper(t.app, a.host), 'CUP', 2, {
      email: 'Mallory@Orders.test',
      payment_method: 'bank_transfer',
      shipping_address: { ...ADDRESS, name: '=HYPERLINK("https://evil.test","x")' },
    });
    expect(mallory.statusCode, mallory.body).toBe(201);
    const order = mallory.json().data;
    await received(order.payment.id);
    await placed({ email: 'mallory@orders.test' });

    const list = async (query: string) =>
      (await a.call('admin', 'GET', `/api/ecommerce/orders?${query}`)).json().data;
    expect((await list('email=mallory@orders.test')).total).toBe(2);
    expect((await list('sku=CUP')).orders.map((each: { number: string }) => each.number)).toEqual([
      order.order.number,
    ]);
    expect((await list('email=mallory@orders.test&status=paid')).total).toBe(1);
    expect((await list(`search=${order.order.number}`)).orders[0].number).toBe(order.order.number);
    expect((await list('search=hyperlink')).total).toBe(1);
    expect((await list('from=2999-01-01T00:00:00Z')).total).toBe(0);
    expect((await a.call('admin', 'GET', '/api/ecommerce/orders?from=yesterday')).statusCode).toBe(422);
    expect((await a.call('editor', 'GET', '/api/ecommerce/orders')).statusCode).toBe(403);

    const csv = await a.call('admin', 'GET', '/api/ecommerce/orders.csv?sku=CUP');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'number,placed_at,status,email,name,country,items,subtotal,discount,shipping,tax,total,currency,carrier,tracking_number',
    );
    expect(row).toContain(`${order.order.number},`);
    expect(row).toContain(
      `,paid,mallory@orders.test,"'=HYPERLINK(""https://evil.test"",""x"")",FR,2 x CUP,1000,0,590,`,
    );

    const customer = (
      await a.call('admin', 'GET', '/api/ecommerce/customers/orders?email=mallory@orders.test')
    ).json().data;
    expect(customer.orders).toHaveLength(2);
    // Only the paid order counts.
    expect(customer.total_spent).toBe(order.order.total);
  });

  it('shows a signed-in buyer their orders and the address they last used', async () => {
    const accountId = await seedAccount({ t, a, b: a }, a, 'grace@orders.test');
    const buyer = new Shopper(t.app, a.host);
    expect((await buyer.call('GET', '/api/ecommerce/my-orders')).statusCode).toBe(403);
    await buyer.signIn('grace@orders.test', PASSWORD);
    const res = await checkout(buyer, 'TEAPOT', 1, { email: undefined, payment_method: 'bank_transfer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order).toMatchObject({
      email: 'grace@orders.test',
      account_id: expect.any(Number),
    });
    const mine = (await buyer.call('GET', '/api/ecommerce/my-orders')).json().data;
    expect(mine.map((each: { number: string }) => each.number)).toEqual([res.json().data.order.number]);
    expect((await buyer.call('GET', '/api/ecommerce/checkout/address')).json().data).toEqual(ADDRESS);
    // Signed in, the order opens without the key.
    expect(
      (await buyer.call('GET', `/api/ecommerce/orders/${res.json().data.order.number}`)).statusCode,
    ).toBe(200);

    // Exported with the account; kept without who bought it once the account is deleted.
    const order = res.json().data.order;
    const exported = await a.call('admin', 'GET', `/api/accounts/${accountId}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().data.plugins.ecommerce).toMatchObject({
      orders: [{ number: order.number }],
      address: ADDRESS,
    });
    const deleted = await a.call('admin', 'DELETE', `/api/accounts/${accountId}?mode=delete`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const kept = (await a.call('admin', 'GET', `/api/ecommerce/orders/${order.id}/detail`)).json().data;
    expect(kept).toMatchObject({
      email: '',
      account_id: null,
      shipping_address: { name: '', line1: '', country: 'FR' },
      total: order.total,
    });
  });

  it('mails a guest the link to their order at each step', async () => {
    const order = await placed({ email: 'guest@orders.test' });
    await received(order.payment.id);
    await manage('ship', order.order.id, { carrier: 'Colissimo', tracking_number: '6A99' });
    await expect.poll(() => mailsTo('guest@orders.test').length, { timeout: 10_000 }).toBe(3);
    const number = order.order.number;
    const mails = mailsTo('guest@orders.test');
    for (const subject of [
      `Your order ${number}`,
      `Order ${number} is paid`,
      `Order ${number} is on its way`,
    ])
      expect(
        mails.some((mail) => mail.includes(`Subject: ${subject}`)),
        subject,
      ).toBe(true);
    for (const mail of mails) expect(mail).toContain(order.order_url);
    expect(mails.some((mail) => mail.includes('Colissimo, tracking number 6A99'))).toBe(true);
  });

  it('declares the buyer’s mails in English and French', async () => {
    const templates = (await a.call('admin', 'GET', '/api/email-templates')).json().data as Array<{
      event: string;
    }>;
    const events = templates
      .map((template) => template.event)
      .filter((event) => event.startsWith('ecommerce.order_'));
    expect(events.sort()).toEqual(
      ['cancelled', 'delivered', 'paid', 'placed', 'refunded', 'shipped'].map(
        (event) => `ecommerce.order_${event}`,
      ),
    );
  });
});
