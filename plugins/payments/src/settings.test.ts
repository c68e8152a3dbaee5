import { describe, expect, it } from 'vitest';
import { apiBaseAllowed, checkSettings, DEFAULTS } from './settings.js';

describe('the payments settings', () => {
  it('send the secret key to Stripe, or to this machine for tests, and nowhere else', () => {
    expect(apiBaseAllowed('https://api.stripe.com')).toBe(true);
    expect(apiBaseAllowed('https://api.stripe.com/')).toBe(true);
    expect(apiBaseAllowed('http://127.0.0.1:4242')).toBe(true);
    expect(apiBaseAllowed('http://localhost:4242')).toBe(true);
    expect(apiBaseAllowed('http://api.stripe.com')).toBe(false);
    expect(apiBaseAllowed('https://api.stripe.com.evil.example')).toBe(false);
    expect(apiBaseAllowed('https://evil.example/v1')).toBe(false);
    expect(apiBaseAllowed('https://api.stripe.com/elsewhere')).toBe(false);
    expect(apiBaseAllowed('not an address')).toBe(false);
  });

  it('need Stripe’s keys once Stripe is chosen, and a bank transfer’s details once offered', () => {
    expect(checkSettings(DEFAULTS)).toEqual({});
    expect(Object.keys(checkSettings({ ...DEFAULTS, provider: 'stripe' }))).toEqual([
      'stripe_secret_key',
      'stripe_webhook_secret',
    ]);
    expect(Object.keys(checkSettings({ ...DEFAULTS, bank_transfer: true }))).toEqual([
      'bank_transfer_instructions',
    ]);
  });
});
