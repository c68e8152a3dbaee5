import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSite } from '../../../apps/server/test/content-fixtures.js';
import { type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import type { FakeStripe } from '../../payments/test/fake-stripe.js';
import {
  ADDRESS,
  checkout,
  onSale,
  orderOf as orderOfSite,
  publishProduct,
  Shopper,
  sessionOf,
  setStock,
  stripeShop,
  updateProduct,
  variant,
} from './fixtures.js';

// From cart to paid order inside Tessera, on the engine of the run, paid through the fake Stripe:
// the order frozen at checkout with its stock taken, paid once whatever the webhooks do, cancelled
// with its stock given back when the payment expires, and never two buyers for the last unit.

let t: TestContext;
let a: ContentSite;
let fake: FakeStripe;

beforeAll(async () => {
  ({ t, a, fake } = await stripeShop('checkout-a.test'));
  await onSale(a, 'Blue mug', [variant('MUG-BLUE', 1200, { weight: 400 })]);
  await setStock(a, 'MUG-BLUE', 50);
});
afterAll(async () => {
  await fake?.settled();
  await t?.close();
  await fake?.close();
});

const onHand = async (sku: string) =>
  (await a.call('admin', 'GET', `/api/ecommerce/stock/${sku}`)).json().data.on_hand;
const placeOrder = async (
  sku: string,
  quantity: number,
  changes: Record<string, unknown> = {},
  buyer = new Shopper(t.app, a.host),
) => ({ buyer, res: await checkout(buyer, sku, quantity, changes) });
const orderOf = (placed: { order: { number: string }; order_url: string }) => orderOfSite(a, placed);

describe(`checkout (${testEngine})`, () => {
  it('freezes the cart into a pending order with its stock taken, and marks it paid once from Stripe’s signed webhook', async () => {
    const before = await onHand('MUG-BLUE');
    const { buyer, res } = await placeOrder('MUG-BLUE', 2);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data;
    // 2400 of goods, 590 of delivery (800 g), VAT included: 400 + 98.
    expect(placed.order).toMatchObject({
      status: 'pending',
      email: 'ada@checkout.test',
      subtotal: 2400,
      shipping_total: 590,
      tax: 498,
      total: 2990,
      lines: [{ sku: 'MUG-BLUE', title: 'Blue mug', quantity: 2, unit_price: 1200, total: 2400 }],
      shipping_address: ADDRESS,
    });
    expect(placed.payment.redirect_url).toContain('/pay/');
    expect(await onHand('MUG-BLUE')).toBe(before - 2);
    expect((await buyer.cart('GET', '/cart')).lines).toEqual([]);

    const session = sessionOf(placed.payment.redirect_url);
    expect(fake.sessions.get(session)?.amount_total).toBe(2990);
    await fake.pay(session);
    expect(await orderOf(placed)).toMatchObject({ status: 'paid', paid_at: expect.any(String) });

    // The same news twice, then an expiry arriving after it: nothing more moves.
    const completed = fake.event('checkout.session.completed', { ...fake.sessions.get(session) });
    for (const delivered of await fake.send(completed, { times: 2 })) expect(delivered.status).toBe(200);
    await fake.send(
      fake.event('checkout.session.expired', { ...fake.sessions.get(session), status: 'expired' }),
    );
    const paid = await orderOf(placed);
    expect(paid.status).toBe('paid');
    expect(paid.history.map((step: { to: string }) => step.to)).toEqual(['pending', 'paid']);
    expect(await onHand('MUG-BLUE')).toBe(before - 2);
    // An unsigned event moves nothing either.
    expect((await fake.send(completed, { signature: 'invalid' }))[0]?.status).toBe(400);
  });

  it('shows an order only to its buyer: the link’s key, or nothing', async () => {
    const { res } = await placeOrder('MUG-BLUE', 1, { payment_method: 'bank_transfer' });
    const placed = res.json().data;
    expect(placed.payment).toMatchObject({
      redirect_url: null,
      instructions: expect.stringContaining('IBAN'),
    });
    expect((await orderOf(placed)).number).toBe(placed.order.number);
    for (const query of ['', '?key=wrong'])
      expect(
        (await a.call('anonymous', 'GET', `/api/ecommerce/orders/${placed.order.number}${query}`)).statusCode,
      ).toBe(404);
  });

  it('cancels the order and gives its stock back when the payment expires', async () => {
    const before = await onHand('MUG-BLUE');
    const placed = (await placeOrder('MUG-BLUE', 3)).res.json().data;
    expect(await onHand('MUG-BLUE')).toBe(before - 3);
    await fake.expire(sessionOf(placed.payment.redirect_url));
    const order = await orderOf(placed);
    expect(order.status).toBe('cancelled');
    expect(order.history.map((step: { to: string }) => step.to)).toEqual(['pending', 'cancelled']);
    expect(await onHand('MUG-BLUE')).toBe(before);
  });

  it('sells the last unit to one of two buyers checking out at once; the other is told', async () => {
    await onSale(a, 'Last lamp', [variant('LAMP-1', 9000, { weight: 900 })]);
    await setStock(a, 'LAMP-1', 1);
    const buyers = [new Shopper(t.app, a.host), new Shopper(t.app, a.host)];
    for (const buyer of buyers) await buyer.cart('POST', '/cart/lines', { sku: 'LAMP-1' });
    const results = await Promise.all(
      buyers.map((buyer) =>
        buyer.call('POST', '/api/ecommerce/checkout', {
          email: 'race@checkout.test',
          shipping_address: ADDRESS,
          shipping_method: 'colissimo',
          payment_method: 'bank_transfer',
        }),
      ),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = results.find((res) => res.statusCode === 409);
    expect(refused?.json().code).toMatch(/^ecommerce_(out_of_stock|cart_changed)$/);
    expect(await onHand('LAMP-1')).toBe(0);
  });

  it('refuses a cart whose price changed since the buyer saw it, once, and counts a coupon per customer', async () => {
    const sock = await onSale(a, 'Sock', [variant('SOCK', 800, { weight: 100 })]);
    await setStock(a, 'SOCK', 20);
    const buyer = new Shopper(t.app, a.host);
    await buyer.cart('POST', '/cart/lines', { sku: 'SOCK', quantity: 2 });
    await buyer.cart('POST', '/cart/coupons', { code: 'welcome' });
    const draft = await updateProduct(a, sock, { variants: [variant('SOCK', 900, { weight: 100 })] });
    await publishProduct(a, { ...sock, version: draft.json().data.version });
    const body = {
      email: 'coupon@checkout.test',
      shipping_address: ADDRESS,
      shipping_method: 'colissimo',
      payment_method: 'bank_transfer',
    };
    const changed = await buyer.call('POST', '/api/ecommerce/checkout', body);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'ecommerce_cart_changed',
      errors: { cart: ['The price of Sock changed from €8.00 to €9.00.'] },
    });
    const placed = await buyer.call('POST', '/api/ecommerce/checkout', body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    expect(order.order).toMatchObject({
      subtotal: 1800,
      discount: 500,
      total: 1300 + 590,
      coupons: [{ code: 'WELCOME', discount: 500 }],
    });

    const received = await a.call('admin', 'POST', `/api/payments/payments/${order.payment.id}/received`);
    expect(received.statusCode, received.body).toBe(200);
    expect((await orderOf(order)).status).toBe('paid');
    const coupons = (await a.call('admin', 'GET', '/api/ecommerce/coupons')).json().data;
    expect(coupons[0]).toMatchObject({ code: 'WELCOME', times_used: 1 });
    // Used once by this customer: not again.
    const again = new Shopper(t.app, a.host);
    await again.cart('POST', '/cart/lines', { sku: 'SOCK' });
    await again.cart('POST', '/cart/coupons', { code: 'WELCOME' });
    const second = await again.call('POST', '/api/ecommerce/checkout', body);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'ecommerce_coupon_not_applicable',
      errors: { coupons: ['WELCOME: You have used this code as many times as you may.'] },
    });
    await again.cart('DELETE', '/cart/coupons/WELCOME');
    const without = await again.call('POST', '/api/ecommerce/checkout', body);
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json().data.order).toMatchObject({ discount: 0, coupons: [] });
  });

  it('gives a code’s last use to one order, and takes it back when that order is cancelled', async () => {
    const made = await a.call('admin', 'POST', '/api/ecommerce/coupons', {
      code: 'ONCE',
      kind: 'percentage',
      amount: 10,
      usage_limit: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const coupon = async () =>
      (await a.call('admin', 'GET', `/api/ecommerce/coupons/${made.json().data.id}`)).json().data;
    // Two buyers enter the code while it has a use left.
    const [first, second] = [new Shopper(t.app, a.host), new Shopper(t.app, a.host)];
    for (const buyer of [first, second]) {
      await buyer.cart('POST', '/cart/lines', { sku: 'MUG-BLUE' });
      await buyer.cart('POST', '/cart/coupons', { code: 'ONCE' });
    }
    const pay = (buyer: Shopper, email: string) =>
      buyer.call('POST', '/api/ecommerce/checkout', {
        email,
        shipping_address: ADDRESS,
        shipping_method: 'colissimo',
        payment_method: 'bank_transfer',
      });
    const taken = await pay(first, 'first@checkout.test');
    expect(taken.statusCode, taken.body).toBe(201);
    const spent = await pay(second, 'second@checkout.test');
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toMatchObject({
      code: 'ecommerce_coupon_not_applicable',
      errors: { coupons: ['ONCE: This code has been used as many times as it may be.'] },
    });
    expect((await coupon()).times_used).toBe(1);

    const cancelled = await a.call(
      'admin',
      'POST',
      `/api/ecommerce/orders/${taken.json().data.order.id}/cancel`,
      {},
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await coupon()).times_used).toBe(0);
    const again = await pay(second, 'second@checkout.test');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.order.coupons).toEqual([expect.objectContaining({ code: 'ONCE' })]);
  });

  it('wants an email from a guest and a cart with something in it', async () => {
    const empty = await new Shopper(t.app, a.host).call('POST', '/api/ecommerce/checkout', {
      email: 'x@checkout.test',
      shipping_address: ADDRESS,
      payment_method: 'stripe',
    });
    expect(empty.json()).toMatchObject({ code: 'ecommerce_cart_empty' });
    const { res } = await placeOrder('MUG-BLUE', 1, { email: undefined });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
  });
});
