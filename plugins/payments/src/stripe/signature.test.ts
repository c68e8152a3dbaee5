import { describe, expect, it } from 'vitest';
import { checkSignature, signatureOf } from './signature.js';

const secret = 'whsec_test_secret';
const body = Buffer.from(JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }));
const now = 1_760_000_000;

describe("Stripe's webhook signature", () => {
  it('accepts the HMAC of "<t>.<body>" with the endpoint secret, among several v1', () => {
    const good = signatureOf(secret, now, body);
    expect(checkSignature(body, `t=${now},v1=${good}`, secret, now)).toBe('valid');
    expect(checkSignature(body, `t=${now},v1=${'0'.repeat(64)},v1=${good},v0=abc`, secret, now + 10)).toBe(
      'valid',
    );
    // A known answer, from `printf '1.x' | openssl dgst -sha256 -hmac k`.
    expect(signatureOf('k', 1, 'x')).toBe('976cb87e4f568d1c0f03f32859e90af8597cf00b978ba37c229c97d3a15b8449');
  });

  it('refuses another body, another secret, a missing or malformed header, and an old timestamp', () => {
    const good = signatureOf(secret, now, body);
    expect(checkSignature(Buffer.from(`${body} `), `t=${now},v1=${good}`, secret, now)).toBe('mismatch');
    expect(checkSignature(body, `t=${now},v1=${good}`, 'whsec_other', now)).toBe('mismatch');
    expect(checkSignature(body, `t=${now + 1},v1=${good}`, secret, now)).toBe('mismatch');
    expect(checkSignature(body, undefined, secret, now)).toBe('missing');
    expect(checkSignature(body, `v1=${good}`, secret, now)).toBe('malformed');
    expect(checkSignature(body, `t=${now}`, secret, now)).toBe('malformed');
    expect(checkSignature(body, `t=${now},v1=${good}`, secret, now + 300)).toBe('valid');
    expect(checkSignature(body, `t=${now},v1=${good}`, secret, now + 301)).toBe('expired');
  });
});
