import { describe, expect, it } from 'vitest';
import { roundHalfUp } from './money.js';
import { exactTaxes, ratesAt } from './tax.js';
import type { TaxRate } from './types.js';

const RATES: TaxRate[] = [
  { id: 'fr', name: 'TVA 20 %', rate: 20, country: 'FR' },
  { id: 'fr-reduced', name: 'TVA 5,5 %', rate: 5.5, country: 'FR', taxClass: 'reduced' },
  // Corsica: its own rate by postcode, more specific than the country's at the same priority.
  { id: 'fr-corsica', name: 'TVA 10 %', rate: 10, country: 'FR', postcodes: ['20*'] },
  { id: 'ca-gst', name: 'GST', rate: 5, country: 'CA' },
  { id: 'ca-bc-pst', name: 'PST', rate: 7, country: 'CA', regions: ['BC'], priority: 2, shipping: false },
  { id: 'us-ca', name: 'California', rate: 7.25, country: 'US', regions: ['CA'] },
  { id: 'world', name: 'Export', rate: 0, country: '*' },
];
const ids = (rates: TaxRate[]) => rates.map((rate) => rate.id);

describe('tax rates at an address', () => {
  it('take the rates of the line’s class, standard by default', () => {
    expect(ids(ratesAt(RATES, { country: 'FR', postcode: '75011' }, undefined))).toEqual(['fr']);
    expect(ids(ratesAt(RATES, { country: 'FR', postcode: '75011' }, 'reduced'))).toEqual(['fr-reduced']);
    expect(ids(ratesAt(RATES, { country: 'FR' }, 'zero'))).toEqual([]);
  });

  it('take one rate per priority, the most specific: a postcode beats the country', () => {
    expect(ids(ratesAt(RATES, { country: 'FR', postcode: '20000' }, 'standard'))).toEqual(['fr-corsica']);
    expect(ids(ratesAt(RATES, { country: 'US', region: 'CA' }, 'standard'))).toEqual(['us-ca']);
    expect(ids(ratesAt(RATES, { country: 'US', region: 'NY' }, 'standard'))).toEqual(['world']);
    expect(ids(ratesAt(RATES, { country: 'JP' }, 'standard'))).toEqual(['world']);
  });

  it('add up rates of different priorities: a country’s and a region’s, only the country’s elsewhere', () => {
    expect(ids(ratesAt(RATES, { country: 'CA', region: 'BC' }, 'standard'))).toEqual(['ca-gst', 'ca-bc-pst']);
    expect(ids(ratesAt(RATES, { country: 'CA', region: 'AB' }, 'standard'))).toEqual(['ca-gst']);
  });

  it('leave out, for shipping, the rates that do not apply to it', () => {
    expect(ids(ratesAt(RATES, { country: 'CA', region: 'BC' }, 'standard', true))).toEqual(['ca-gst']);
  });
});

describe('the exact tax of an amount', () => {
  const round = (amount: number, rates: TaxRate[], inclusive: boolean) =>
    exactTaxes(amount, rates, inclusive).map(({ exact }) => roundHalfUp(exact));
  const bc = ratesAt(RATES, { country: 'CA', region: 'BC' }, 'standard');
  const fr = ratesAt(RATES, { country: 'FR' }, 'standard');

  it('adds each rate on top of a price without tax', () => {
    expect(round(1000, fr, false)).toEqual([200]);
    expect(round(1000, bc, false)).toEqual([50, 70]);
    expect(round(1999, ratesAt(RATES, { country: 'US', region: 'CA' }, undefined), false)).toEqual([145]);
  });

  it('takes each rate’s part out of a price with tax, the rates sharing the same net', () => {
    expect(round(1200, fr, true)).toEqual([200]);
    // 1120 = 1000 net + 50 GST + 70 PST.
    expect(round(1120, bc, true)).toEqual([50, 70]);
    // 9.99 with 20 % inside: 1.665 exactly, a half, rounded up.
    expect(round(999, fr, true)).toEqual([167]);
  });
});
