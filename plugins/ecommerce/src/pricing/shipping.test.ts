import { describe, expect, it } from 'vitest';
import { shippingOption, zoneFor } from './shipping.js';
import type { DeliveryZone, ShippingMethod, ShippingRate } from './types.js';

const zone = (id: string, changes: Partial<DeliveryZone>): DeliveryZone => ({
  id,
  name: id,
  locations: [],
  methods: [],
  ...changes,
});
const ZONES: DeliveryZone[] = [
  zone('paris', { locations: [{ country: 'FR' }], postcodes: ['75*', '92000...92999'] }),
  zone('corsica', { locations: [{ country: 'FR' }], postcodes: ['20*'] }),
  zone('france', { locations: [{ country: 'FR' }, { country: 'MC' }] }),
  zone('quebec', { locations: [{ country: 'CA', region: 'QC' }] }),
  zone('europe', { locations: [{ country: 'DE' }, { country: 'BE' }, { country: 'IT' }] }),
  zone('world', { locations: [] }),
];
const served = (address: Parameters<typeof zoneFor>[1]) => zoneFor(ZONES, address)?.id ?? null;

describe('delivery zones', () => {
  it('serve an address from the first zone holding it, postcodes narrowing a country', () => {
    expect(served({ country: 'FR', postcode: '75011' })).toBe('paris');
    expect(served({ country: 'FR', postcode: '92100' })).toBe('paris');
    expect(served({ country: 'FR', postcode: '20000' })).toBe('corsica');
    expect(served({ country: 'FR', postcode: '69001' })).toBe('france');
    expect(served({ country: 'FR' })).toBe('france');
    expect(served({ country: 'MC', postcode: '98000' })).toBe('france');
    expect(served({ country: 'CA', region: 'QC' })).toBe('quebec');
    expect(served({ country: 'CA', region: 'ON' })).toBe('world');
    expect(served({ country: 'it' })).toBe('europe');
    expect(served({ country: 'JP' })).toBe('world');
  });

  it('serve nowhere else when no zone is for the rest of the world', () => {
    expect(zoneFor(ZONES.slice(0, -1), { country: 'JP' })).toBeNull();
  });
});

describe('delivery methods', () => {
  const parcel = { weight: 1200, goods: 4500, currency: 'EUR', locale: 'en' };
  const price = (rate: ShippingRate, changes: Partial<typeof parcel> = {}) =>
    shippingOption({ id: 'm', name: 'Method', ...rate } as ShippingMethod, { ...parcel, ...changes });

  it('charge a flat amount, nothing from the free-above amount on', () => {
    expect(price({ kind: 'flat', amount: 590 })).toEqual({
      id: 'm',
      name: 'Method',
      available: true,
      amount: 590,
    });
    expect(price({ kind: 'flat', amount: 590, freeAbove: 5000 })).toMatchObject({ amount: 590 });
    expect(price({ kind: 'flat', amount: 590, freeAbove: 5000 }, { goods: 5000 })).toMatchObject({
      amount: 0,
    });
  });

  it('charge by weight band, a band’s limit included, and are not offered past the last', () => {
    const bands = [
      { upTo: 5000, amount: 1290 },
      { upTo: 1000, amount: 690 },
      { upTo: 2000, amount: 890 },
    ];
    expect(price({ kind: 'weight', bands }, { weight: 0 })).toMatchObject({ amount: 690 });
    expect(price({ kind: 'weight', bands }, { weight: 1000 })).toMatchObject({ amount: 690 });
    expect(price({ kind: 'weight', bands }, { weight: 1001 })).toMatchObject({ amount: 890 });
    expect(price({ kind: 'weight', bands }, { weight: 5000 })).toMatchObject({ amount: 1290 });
    expect(price({ kind: 'weight', bands }, { weight: 5001 })).toEqual({
      id: 'm',
      name: 'Method',
      available: false,
      reason: { code: 'shipping_too_heavy', message: 'This order is too heavy for this delivery method.' },
    });
    expect(price({ kind: 'weight', bands, freeAbove: 4000 })).toMatchObject({ amount: 0 });
  });

  it('charge by the goods’ value, the highest band reached, and are not offered below the first', () => {
    const bands = [
      { from: 2000, amount: 790 },
      { from: 5000, amount: 490 },
      { from: 10000, amount: 0 },
    ];
    expect(price({ kind: 'value', bands }, { goods: 2000 })).toMatchObject({ amount: 790 });
    expect(price({ kind: 'value', bands }, { goods: 4999 })).toMatchObject({ amount: 790 });
    expect(price({ kind: 'value', bands }, { goods: 5000 })).toMatchObject({ amount: 490 });
    expect(price({ kind: 'value', bands }, { goods: 25000 })).toMatchObject({ amount: 0 });
    expect(price({ kind: 'value', bands }, { goods: 1999 })).toMatchObject({
      available: false,
      reason: {
        code: 'shipping_minimum_not_met',
        message: 'This delivery method applies to orders of €20.00 or more.',
      },
    });
  });

  it('are free, from a minimum when one is set', () => {
    expect(price({ kind: 'free' })).toMatchObject({ available: true, amount: 0 });
    expect(price({ kind: 'free', minimum: 4500 })).toMatchObject({ available: true, amount: 0 });
    expect(price({ kind: 'free', minimum: 6000 })).toMatchObject({
      available: false,
      reason: {
        code: 'shipping_minimum_not_met',
        message: 'Free delivery applies to orders of €60.00 or more.',
      },
    });
  });

  it('are collected at the shop, for nothing or a handling fee', () => {
    expect(price({ kind: 'pickup' })).toMatchObject({ available: true, amount: 0 });
    expect(price({ kind: 'pickup', amount: 100 })).toMatchObject({ available: true, amount: 100 });
  });
});
