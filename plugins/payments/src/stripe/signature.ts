import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signatures: the `Stripe-Signature` header holds `t=<unix seconds>` and one or
 * more `v1=<hex>`, each an HMAC-SHA256, keyed with the endpoint's signing secret, of
 * `<t>.<the body's bytes exactly as sent>`. Several v1 are sent while a secret is being rolled; one
 * that matches is enough. An old timestamp is refused so a captured delivery cannot be replayed.
 */
export const TOLERANCE_SECONDS = 300;

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'mismatch' | 'expired';

export function signatureOf(secret: string, timestamp: number, payload: Uint8Array | string): string {
  const signed = Buffer.concat([
    Buffer.from(`${timestamp}.`, 'utf8'),
    typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload,
  ]);
  return createHmac('sha256', secret).update(signed).digest('hex');
}

export function checkSignature(
  payload: Uint8Array,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return 'missing';
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return 'malformed';
  const expected = Buffer.from(signatureOf(secret, timestamp, payload), 'hex');
  // Every candidate is compared, in constant time each, so the time taken says nothing of which matched.
  let matched = false;
  for (const signature of signatures)
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
  if (!matched) return 'mismatch';
  if (nowSeconds - timestamp > toleranceSeconds) return 'expired';
  return 'valid';
}
