import { describe, expect, it } from 'vitest';
import { priceCart } from './cart.js';
import type { CartLine, DeliveryZone, PricedCart, PricingInput, TaxRate } from './types.js';

const FR: TaxRate[] = [
  { id: 'fr', name: 'TVA 20 %', rate: 20, country: 'FR' },
  { id: 'fr-reduced', name: 'TVA 5,5 %', rate: 5.5, country: 'FR', taxClass: 'reduced' },
];
const FRANCE: DeliveryZone = {
  id: 'france',
  name: 'France',
  locations: [{ country: 'FR' }],
  methods: [
    { id: 'colissimo', name: 'Colissimo', kind: 'flat', amount: 490 },
    { id: 'heavy', name: 'Light parcels', kind: 'weight', bands: [{ upTo: 100, amount: 300 }] },
  ],
};

function input(changes: Partial<PricingInput>): PricingInput {
  return {
    currency: 'EUR',
    locale: 'en',
    lines: [],
    pricesIncludeTax: false,
    taxRounding: 'line',
    address: { country: 'FR', postcode: '75011' },
    shopAddress: { country: 'FR', postcode: '69001' },
    taxRates: FR,
    zones: [FRANCE],
    coupons: [],
    now: '2026-06-15T12:00:00Z',
    ...changes,
  };
}

const line = (id: string, unitPrice: number, changes: Partial<CartLine> = {}): CartLine => ({
  id,
  unitPrice,
  quantity: 1,
  ...changes,
});

/** The figures hold together: lines and delivery add up to the order, with or without tax on top. */
function consistent(cart: PricedCart): PricedCart {
  const shipping = cart.shipping;
  expect(cart.total).toBe(cart.lines.reduce((all, each) => all + each.total, 0) + (shipping?.total ?? 0));
  expect(cart.tax).toBe(cart.lines.reduce((all, each) => all + each.tax, 0) + (shipping?.tax ?? 0));
  expect(cart.tax).toBe(cart.taxes.reduce((all, each) => all + each.amount, 0));
  const goods = cart.subtotal - cart.discount + (shipping?.amount ?? 0);
  expect(cart.total).toBe(cart.pricesIncludeTax ? goods : goods + cart.tax);
  for (const each of [...cart.lines, ...(shipping ? [shipping] : [])])
    expect(each.net + each.tax).toBe(each.total);
  return cart;
}
const price = (changes: Partial<PricingInput>) => consistent(priceCart(input(changes)));
const ten: TaxRate[] = [{ id: 'ten', name: '10 %', rate: 10, country: 'FR' }];

describe('rounding per line and per order', () => {
  const three = ['A', 'B', 'C'].map((id) => line(id, 333));

  it('gives 0.99 of tax per line and 1.00 per order for three lines of 0.333 (prices without tax)', () => {
    const perLine = price({ lines: three, taxRates: ten, taxRounding: 'line' });
    expect(perLine.lines.map((each) => each.tax)).toEqual([33, 33, 33]);
    expect(perLine.tax).toBe(99);
    expect(perLine.total).toBe(1098);

    const perOrder = price({ lines: three, taxRates: ten, taxRounding: 'order' });
    expect(perOrder.tax).toBe(100);
    expect(perOrder.total).toBe(1099);
    // The extra cent goes to one line, so the lines still add up to the order.
    expect(perOrder.lines.map((each) => each.tax)).toEqual([34, 33, 33]);
    expect(perOrder.lines.map((each) => each.total)).toEqual([367, 366, 366]);
  });

  it('keeps what the buyer pays with prices with tax, and moves the cent between tax and net', () => {
    const lines = ['A', 'B', 'C'].map((id) => line(id, 366));
    // 3.66 with 10 % inside holds 0.33272... of tax.
    const perLine = price({ lines, taxRates: ten, pricesIncludeTax: true, taxRounding: 'line' });
    expect(perLine.lines.map((each) => [each.net, each.tax, each.total])).toEqual([
      [333, 33, 366],
      [333, 33, 366],
      [333, 33, 366],
    ]);
    expect([perLine.tax, perLine.total]).toEqual([99, 1098]);

    const perOrder = price({ lines, taxRates: ten, pricesIncludeTax: true, taxRounding: 'order' });
    expect([perOrder.tax, perOrder.total]).toEqual([100, 1098]);
    expect(perOrder.lines.map((each) => each.net)).toEqual([332, 333, 333]);
  });

  it('can give less per order: two exact halves round up twice per line, once per order', () => {
    const halves = [line('A', 25), line('B', 25)];
    expect(price({ lines: halves, taxRates: ten, taxRounding: 'line' }).tax).toBe(6);
    expect(price({ lines: halves, taxRates: ten, taxRounding: 'order' }).tax).toBe(5);
  });

  it('rounds the delivery’s tax with the lines’ per order, each rate once', () => {
    const changes = {
      lines: [line('A', 333)],
      zones: [{ ...FRANCE, methods: [{ id: 'flat', name: 'Flat', kind: 'flat' as const, amount: 333 }] }],
      shippingMethodId: 'flat',
    };
    const perLine = price({ ...changes, taxRounding: 'line' });
    expect([perLine.lines[0]?.tax, perLine.shipping?.tax, perLine.total]).toEqual([67, 67, 800]);
    const perOrder = price({ ...changes, taxRounding: 'order' });
    // 66.6 + 66.6 = 133.2: 133, the line’s remainder first on a tie.
    expect([perOrder.lines[0]?.tax, perOrder.shipping?.tax, perOrder.total]).toEqual([67, 66, 799]);
    expect(perOrder.taxes).toEqual([{ id: 'fr', name: 'TVA 20 %', rate: 20, amount: 133 }]);
  });
});

describe('a French shop’s cart, prices with tax', () => {
  const changes: Partial<PricingInput> = {
    pricesIncludeTax: true,
    lines: [
      line('TSHIRT-M', 2500, { quantity: 2, productId: 1 }),
      line('BOOK', 1890, { productId: 2, taxClass: 'reduced' }),
    ],
    shippingMethodId: 'colissimo',
    coupons: [{ code: 'SUMMER', kind: 'percentage', amount: 10 }],
  };

  it('takes the coupon off the lines, then the tax out of each line and the delivery', () => {
    for (const taxRounding of ['line', 'order'] as const) {
      const cart = price({ ...changes, taxRounding });
      expect(cart.subtotal).toBe(6890);
      expect(cart.discount).toBe(689);
      expect(cart.lines).toEqual([
        {
          id: 'TSHIRT-M',
          quantity: 2,
          unitPrice: 2500,
          subtotal: 5000,
          discount: 500,
          net: 3750,
          tax: 750,
          total: 4500,
          taxes: [{ id: 'fr', name: 'TVA 20 %', rate: 20, amount: 750 }],
        },
        {
          id: 'BOOK',
          quantity: 1,
          unitPrice: 1890,
          subtotal: 1890,
          discount: 189,
          net: 1612,
          tax: 89,
          total: 1701,
          taxes: [{ id: 'fr-reduced', name: 'TVA 5,5 %', rate: 5.5, amount: 89 }],
        },
      ]);
      expect(cart.shipping).toEqual({
        methodId: 'colissimo',
        name: 'Colissimo',
        amount: 490,
        net: 408,
        tax: 82,
        total: 490,
        taxes: [{ id: 'fr', name: 'TVA 20 %', rate: 20, amount: 82 }],
      });
      expect(cart.taxes).toEqual([
        { id: 'fr', name: 'TVA 20 %', rate: 20, amount: 832 },
        { id: 'fr-reduced', name: 'TVA 5,5 %', rate: 5.5, amount: 89 },
      ]);
      expect([cart.tax, cart.total]).toEqual([921, 6691]);
      expect(cart.coupons).toEqual([{ code: 'SUMMER', applied: true, discount: 689, freeShipping: false }]);
      expect(cart.zone).toEqual({ id: 'france', name: 'France' });
    }
  });

  it('lists the zone’s methods with their cost or why they are not offered', () => {
    const cart = price({ ...changes, lines: [line('ANVIL', 9900, { weight: 40_000 })] });
    expect(cart.shippingOptions).toEqual([
      { id: 'colissimo', name: 'Colissimo', available: true, amount: 490 },
      {
        id: 'heavy',
        name: 'Light parcels',
        available: false,
        reason: { code: 'shipping_too_heavy', message: 'This order is too heavy for this delivery method.' },
      },
    ]);
  });

  it('makes the delivery free with a free-shipping code, its tax with it', () => {
    const cart = price({
      ...changes,
      coupons: [{ code: 'SHIPFREE', kind: 'free_shipping', amount: 0 }],
    });
    expect(cart.shipping).toMatchObject({ amount: 0, tax: 0, total: 0 });
    expect(cart.total).toBe(6890);
  });
});

describe('an American shop’s cart, prices without tax', () => {
  const rates: TaxRate[] = [
    { id: 'us-ca', name: 'California', rate: 7.25, country: 'US', regions: ['CA'], shipping: false },
    {
      id: 'la',
      name: 'Los Angeles County',
      rate: 2.25,
      country: 'US',
      postcodes: ['900*'],
      priority: 2,
      shipping: false,
    },
  ];
  const zones: DeliveryZone[] = [
    {
      id: 'us',
      name: 'United States',
      locations: [{ country: 'US' }],
      methods: [
        {
          id: 'ground',
          name: 'Ground',
          kind: 'weight',
          bands: [
            { upTo: 1000, amount: 799 },
            { upTo: 5000, amount: 1299 },
          ],
        },
      ],
    },
  ];

  it('adds the state’s and the county’s taxes, delivery untaxed, by weight band', () => {
    const cart = price({
      currency: 'USD',
      lines: [line('LAMP', 1999, { quantity: 3, weight: 500 })],
      taxRates: rates,
      zones,
      address: { country: 'US', region: 'CA', postcode: '90012' },
      shopAddress: { country: 'US', region: 'NY' },
      shippingMethodId: 'ground',
    });
    // 59.97 × 7.25 % = 4.347825 and × 2.25 % = 1.349325.
    expect(cart.taxes.map((tax) => [tax.id, tax.amount])).toEqual([
      ['us-ca', 435],
      ['la', 135],
    ]);
    expect(cart.shipping).toMatchObject({ amount: 1299, tax: 0, total: 1299, taxes: [] });
    expect(cart.total).toBe(5997 + 570 + 1299);
  });

  it('takes only the state’s tax outside the county', () => {
    const cart = price({
      currency: 'USD',
      lines: [line('LAMP', 1999)],
      taxRates: rates,
      zones,
      address: { country: 'US', region: 'CA', postcode: '94103' },
    });
    expect(cart.taxes.map((tax) => [tax.id, tax.amount])).toEqual([['us-ca', 145]]);
  });
});

describe('where the taxes are taken', () => {
  const europe: DeliveryZone = {
    id: 'europe',
    name: 'Europe',
    locations: [{ country: 'DE' }, { country: 'FR' }],
    methods: [
      { id: 'dhl', name: 'DHL', kind: 'flat', amount: 900 },
      { id: 'pickup', name: 'Pick up in Lyon', kind: 'pickup' },
    ],
  };
  const rates: TaxRate[] = [...FR, { id: 'de', name: 'MwSt 19 %', rate: 19, country: 'DE' }];
  const changes = {
    lines: [line('LAMP', 1000)],
    taxRates: rates,
    zones: [europe],
    address: { country: 'DE' },
  };

  it('is the delivery address, delivery included', () => {
    const cart = price({ ...changes, shippingMethodId: 'dhl' });
    expect(cart.taxes).toEqual([{ id: 'de', name: 'MwSt 19 %', rate: 19, amount: 190 + 171 }]);
    expect(cart.total).toBe(1000 + 190 + 900 + 171);
  });

  it('is the shop for local pickup, whatever address the buyer gave', () => {
    const cart = price({ ...changes, shippingMethodId: 'pickup' });
    expect(cart.taxes).toEqual([{ id: 'fr', name: 'TVA 20 %', rate: 20, amount: 200 }]);
    expect(cart.shipping).toMatchObject({ methodId: 'pickup', amount: 0, total: 0 });
    expect(cart.total).toBe(1200);
  });

  it('is the shop before the buyer gives an address, with no delivery yet', () => {
    const cart = price({ ...changes, address: null, shippingMethodId: 'dhl' });
    expect(cart.taxes.map((tax) => tax.id)).toEqual(['fr']);
    expect(cart.shipping).toBeNull();
    expect(cart.shippingIssue?.code).toBe('shipping_address_needed');
    expect(cart.total).toBe(1200);
  });

  it('shares the price with several rates included, delivery taking only those that apply to it', () => {
    const canada: TaxRate[] = [
      { id: 'gst', name: 'GST', rate: 5, country: 'CA' },
      { id: 'pst', name: 'PST', rate: 7, country: 'CA', regions: ['BC'], priority: 2, shipping: false },
    ];
    const cart = price({
      currency: 'CAD',
      pricesIncludeTax: true,
      lines: [line('KAYAK', 1120)],
      taxRates: canada,
      zones: [
        {
          id: 'ca',
          name: 'Canada',
          locations: [{ country: 'CA' }],
          methods: [{ id: 'post', name: 'Canada Post', kind: 'flat', amount: 1120 }],
        },
      ],
      address: { country: 'CA', region: 'BC' },
      shopAddress: { country: 'CA', region: 'BC' },
      shippingMethodId: 'post',
    });
    expect(cart.lines[0]).toMatchObject({ net: 1000, tax: 120, total: 1120 });
    // 11.20 holding 5 % only: 0.5333 of GST.
    expect(cart.shipping).toMatchObject({ net: 1067, tax: 53, total: 1120 });
    expect(cart.taxes.map((tax) => [tax.id, tax.amount])).toEqual([
      ['gst', 103],
      ['pst', 70],
    ]);
    expect(cart.total).toBe(2240);
  });
});

describe('delivery that cannot be had', () => {
  it('says an address no zone serves is not delivered to', () => {
    const cart = price({
      lines: [line('A', 1000)],
      address: { country: 'JP' },
      shippingMethodId: 'colissimo',
    });
    expect(cart.zone).toBeNull();
    expect(cart.shipping).toBeNull();
    expect(cart.shippingIssue?.code).toBe('shipping_no_zone');
  });

  it('says a method the zone does not offer, or cannot for this cart, is unavailable', () => {
    expect(price({ lines: [line('A', 1000)], shippingMethodId: 'drone' }).shippingIssue?.code).toBe(
      'shipping_method_unavailable',
    );
    const heavy = price({ lines: [line('A', 1000, { weight: 200 })], shippingMethodId: 'heavy' });
    expect(heavy.shipping).toBeNull();
    expect(heavy.shippingIssue?.code).toBe('shipping_too_heavy');
  });

  it('has no issue while no method is chosen yet', () => {
    const cart = price({ lines: [line('A', 1000)] });
    expect([cart.shipping, cart.shippingIssue]).toEqual([null, null]);
    expect(cart.shippingOptions.map((option) => option.id)).toEqual(['colissimo', 'heavy']);
  });
});

describe('the cart’s input', () => {
  it('is money in whole minor units and whole quantities', () => {
    expect(() => priceCart(input({ lines: [line('A', 9.99)] }))).toThrow(RangeError);
    expect(() => priceCart(input({ lines: [line('A', -100)] }))).toThrow(RangeError);
    expect(() => priceCart(input({ lines: [line('A', 100, { quantity: 0 })] }))).toThrow(RangeError);
    expect(() => priceCart(input({ lines: [line('A', 100, { quantity: 1.5 })] }))).toThrow(RangeError);
  });

  it('may be empty', () => {
    const cart = price({ lines: [] });
    expect([cart.subtotal, cart.tax, cart.total]).toEqual([0, 0, 0]);
  });
});
