import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ContentSite } from '../../../apps/server/test/content-fixtures.js';
import { hiddenFields } from '../../../apps/server/test/fixtures/site-visitor.js';
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
