import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ContentSite } from '../../../apps/server/test/content-fixtures.js';
import { type ContentSite as Site, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { hiddenFields } from '../../../apps/server/test/fixtures/site-visitor.js';
import { createTestApp, type TestContext } from '../../../apps/server/test/harness.js';
import { type FakeStripe, startFakeStripe } from '../../payments/test/fake-stripe.js';
import type { ProductOption, Variant } from '../src/model.js';

/** What the shop's tests share: products made through the REST API as an editor's admin makes them. */

export interface SavedProduct {
  id: number;
  version: number;
  title: string;
  locale: string;
  fields: Record<string, unknown>;
}

export const option = (name: string, ...values: string[]): ProductOption => ({
  name,
  values: values.map((value) => ({ value })),
});

export const variant = (sku: string, price: number, changes: Partial<Variant> = {}): Variant => ({
  sku,
  price,
  ...changes,
});

/** A delivery zone as a manager writes one: France, by the parcel's weight, or collected at the shop. */
export const FRANCE = {
  name: 'France',
  locations: [{ country: 'FR' }],
  methods: [
    {
      id: 'colissimo',
      name: 'Colissimo',
      kind: 'weight',
      bands: [
        { up_to: 1000, amount: 590 },
        { up_to: 5000, amount: 990 },
      ],
      free_above: 10000,
    },
    { id: 'pickup', name: 'At the shop', kind: 'pickup' },
  ],
};

/** Switches the shop on for a site: payments first, which the shop requires. */
export async function activateShop(site: ContentSite, plugins: readonly string[] = []): Promise<void> {
  for (const plugin of ['payments', 'ecommerce', ...plugins]) {
    const on = await site.call('admin', 'PUT', `/api/plugins/${plugin}/active`, { active: true });
    expect(on.statusCode, on.body).toBe(200);
  }
}

/** POST /api/content/product as `caller` (the site's admin by default); the raw answer. */
export function postProduct(
  site: ContentSite,
  body: { title: string; fields?: Record<string, unknown>; terms?: Record<string, number[]> },
  caller: Parameters<ContentSite['call']>[0] = 'admin',
) {
  return site.call(caller, 'POST', '/api/content/product', body);
}

/** A product saved, with its options and variants. */
export async function createProduct(
  site: ContentSite,
  title: string,
  options: ProductOption[],
  variants: Variant[],
): Promise<SavedProduct> {
  const res = await postProduct(site, { title, fields: { options, variants } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SavedProduct;
}

/** PUT /api/content/product/:id with the product's version and `fields`, which replace its own whole; the raw answer. */
export function updateProduct(site: ContentSite, product: SavedProduct, fields: Record<string, unknown>) {
  return site.call('admin', 'PUT', `/api/content/product/${product.id}`, {
    version: product.version,
    fields,
  });
}

/** Puts a product on sale: its working copy goes live, with the prices it holds. */
export async function publishProduct(site: ContentSite, product: SavedProduct): Promise<void> {
  const res = await site.call('admin', 'POST', `/api/content/product/${product.id}/publish`);
  expect(res.statusCode, res.body).toBe(200);
}

/** A product made and published at once. */
export async function onSale(
  site: ContentSite,
  title: string,
  variants: Variant[],
  options: ProductOption[] = [],
) {
  const product = await createProduct(site, title, options, variants);
  await publishProduct(site, product);
  return product;
}

/** Sets a SKU's stock as a manager does. */
export async function setStock(site: ContentSite, sku: string, onHand: number): Promise<void> {
  const res = await site.call('admin', 'PUT', `/api/ecommerce/stock/${sku}`, { on_hand: onHand });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A buyer's browser on the site: a cookie jar kept across calls to the shop's JSON routes, as the
 * site's scripts make them (from the site's own origin), and the core's sign-in page.
 */
export class Shopper {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
  ) {}

  get cookie(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A browser closed and opened again keeps its persistent cookies: the same jar, a new shopper. */
  reopened(): Shopper {
    const again = new Shopper(this.app, this.host);
    for (const [name, value] of this.cookies) again.cookies.set(name, value);
    return again;
  }

  async call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    origin = `http://${this.host}`,
  ) {
    const headers: Record<string, string> = { host: this.host, origin };
    if (this.cookie) headers.cookie = this.cookie;
    return this.keep(
      await this.app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      }),
    );
  }

  /** The cart's JSON, checked to be answered with `status`. */
  async cart(method: InjectOptions['method'], url: string, payload?: unknown, status = 200) {
    const res = await this.call(method, `/api/ecommerce${url}`, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data;
  }

  /** Signs in through the core's page, as the buyer's browser does. */
  async signIn(email: string, password: string): Promise<void> {
    const page = await this.call('GET', '/account/sign-in');
    const fields = { ...hiddenFields(page.body, '/account/sign-in'), email, password };
    const headers: Record<string, string> = {
      host: this.host,
      origin: `http://${this.host}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (this.cookie) headers.cookie = this.cookie;
    const res = this.keep(
      await this.app.inject({
        method: 'POST',
        url: '/account/sign-in',
        headers,
        payload: new URLSearchParams(fields).toString(),
      }),
    );
    expect(res.statusCode, res.body).toBe(303);
  }

  private keep(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of res.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }
}

export const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 rue Oberkampf',
  city: 'Paris',
  postcode: '75011',
  country: 'FR',
};

/**
 * A shop selling in France (VAT 20 %, the FRANCE zone, a coupon WELCOME of 5.00 once per customer)
 * paid through the fake Stripe, whose signed webhooks reach the site, or by bank transfer.
 */
export async function stripeShop(
  host: string,
  env: Record<string, string> = {},
): Promise<{ t: TestContext; a: Site; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  const t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', ...env });
  const a = await seedContentSite(t.app, t.runtime, host);
  await activateShop(a);
  const setting = async (url: string, body: unknown, who: 'admin' | 'super_admin' = 'admin') => {
    const res = await a.call(who, 'PUT', url, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  // The fake listens on 127.0.0.1, which a site reaches only once a Super Admin allows it.
  await setting('/api/settings/plugins', { allow_private_addresses: true }, 'super_admin');
  await setting('/api/settings/accounts', { registration: true });
  await setting('/api/settings/payments', {
    provider: 'stripe',
    stripe_secret_key: fake.secretKey,
    stripe_webhook_secret: fake.webhookSecret,
    stripe_publishable_key: 'pk_test_fake',
    stripe_api_base: fake.url,
    bank_transfer: true,
    bank_transfer_instructions: 'IBAN FR76 3000 6000 0112 3456 7890 189',
  });
  for (const [url, body] of [
    ['/api/ecommerce/tax-rates', { name: 'TVA 20 %', rate: 20, country: 'FR' }],
    ['/api/ecommerce/zones', FRANCE],
    ['/api/ecommerce/coupons', { code: 'WELCOME', kind: 'fixed', amount: 500, usage_limit_per_customer: 1 }],
  ] as const) {
    const res = await a.call('admin', 'POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
  }
  fake.setEndpoint(async ({ payload, headers }) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { ...headers, host: a.host },
      payload,
    });
    return { status: answer.statusCode, body: answer.body };
  });
  return { t, a, fake };
}

export const sessionOf = (url: string) => /\/pay\/([^/?]+)/.exec(url)?.[1] ?? '';

/** A buyer (a guest by default) with `quantity` of `sku` in their cart, checking out. */
export async function checkout(
  buyer: Shopper,
  sku: string,
  quantity: number,
  changes: Record<string, unknown> = {},
) {
  await buyer.cart('POST', '/cart/lines', { sku, quantity });
  return buyer.call('POST', '/api/ecommerce/checkout', {
    email: 'ada@checkout.test',
    shipping_address: ADDRESS,
    shipping_method: 'colissimo',
    payment_method: 'stripe',
    ...changes,
  });
}

/** The order as its buyer sees it through the link's key. */
export async function orderOf(site: Site, placed: { order: { number: string }; order_url: string }) {
  const key = new URL(placed.order_url).searchParams.get('key');
  const res = await site.call('anonymous', 'GET', `/api/ecommerce/orders/${placed.order.number}?key=${key}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
