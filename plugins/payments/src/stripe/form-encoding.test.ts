import { describe, expect, it } from 'vitest';
import { encodeForm, formPairs } from './form-encoding.js';

describe("Stripe's form encoding", () => {
  it('writes nested objects and lists with brackets, leaving out what is absent', () => {
    expect(
      formPairs({
        mode: 'payment',
        line_items: [
          { price_data: { currency: 'eur', unit_amount: 1250, product_data: { name: 'Mug' } }, quantity: 2 },
        ],
        metadata: { order: '42' },
        customer_email: null,
        allow_promotion_codes: false,
        client_reference_id: undefined,
      }),
    ).toEqual([
      ['mode', 'payment'],
      ['line_items[0][price_data][currency]', 'eur'],
      ['line_items[0][price_data][unit_amount]', '1250'],
      ['line_items[0][price_data][product_data][name]', 'Mug'],
      ['line_items[0][quantity]', '2'],
      ['metadata[order]', '42'],
      ['allow_promotion_codes', 'false'],
    ]);
  });

  it('escapes keys and values as a form does', () => {
    const body = encodeForm({
      success_url: 'https://shop.test/done?id={CHECKOUT_SESSION_ID}&x=1',
      'a b': 'é',
    });
    expect(body).toBe(
      'success_url=https%3A%2F%2Fshop.test%2Fdone%3Fid%3D%7BCHECKOUT_SESSION_ID%7D%26x%3D1&a+b=%C3%A9',
    );
    expect(
      new URLSearchParams(encodeForm({ line_items: [{ quantity: 1 }] })).get('line_items[0][quantity]'),
    ).toBe('1');
  });
});
