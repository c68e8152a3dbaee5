import { describe, expect, it } from 'vitest';
import { inLocation, inPostcodes, postcodeMatches } from './locations.js';

describe('postcode patterns', () => {
  it('match a postcode exactly, in capitals and without spaces', () => {
    expect(postcodeMatches('75001', '75001')).toBe(true);
    expect(postcodeMatches('75001', '75002')).toBe(false);
    expect(postcodeMatches('SW1A 1AA', 'sw1a1aa')).toBe(true);
    expect(postcodeMatches('75001', '')).toBe(false);
  });

  it('take * for any run and ? for one character', () => {
    expect(postcodeMatches('75*', '75011')).toBe(true);
    expect(postcodeMatches('75*', '69001')).toBe(false);
    expect(postcodeMatches('SW1A*', 'SW1A 2AA')).toBe(true);
    expect(postcodeMatches('*1AA', 'SW1A 1AA')).toBe(true);
    expect(postcodeMatches('9?210', '90210')).toBe(true);
    expect(postcodeMatches('9?210', '900210')).toBe(false);
    expect(postcodeMatches('2A*', '2B100')).toBe(false);
    expect(postcodeMatches('*', 'anything')).toBe(true);
    expect(postcodeMatches('7**1', '75001')).toBe(true);
  });

  it('take numeric ranges, ends included', () => {
    expect(postcodeMatches('75000...75999', '75000')).toBe(true);
    expect(postcodeMatches('75000...75999', '75999')).toBe(true);
    expect(postcodeMatches('75000...75999', '76000')).toBe(false);
    expect(postcodeMatches('20000...20999', '2A004')).toBe(false);
    expect(postcodeMatches('1000...2000', '01500')).toBe(true);
  });
});

describe('locations', () => {
  it('hold an address by country, and by region when one is named', () => {
    expect(inLocation({ country: 'fr' }, { country: 'FR' })).toBe(true);
    expect(inLocation({ country: 'FR' }, { country: 'DE' })).toBe(false);
    expect(inLocation({ country: 'US', region: 'ca' }, { country: 'US', region: 'CA' })).toBe(true);
    expect(inLocation({ country: 'US', region: 'NY' }, { country: 'US', region: 'CA' })).toBe(false);
    expect(inLocation({ country: 'US' }, { country: 'US', region: 'CA' })).toBe(false);
    expect(inLocation({ country: 'JP' }, { country: '*' })).toBe(true);
  });

  it('need a matching postcode only when patterns are given', () => {
    expect(inPostcodes({ country: 'FR' }, undefined)).toBe(true);
    expect(inPostcodes({ country: 'FR' }, [])).toBe(true);
    expect(inPostcodes({ country: 'FR' }, ['75*'])).toBe(false);
    expect(inPostcodes({ country: 'FR', postcode: '75011' }, ['69*', '75*'])).toBe(true);
  });
});
