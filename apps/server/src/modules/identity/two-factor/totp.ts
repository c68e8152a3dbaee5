import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../../core/access/secrets.js';

/** Time-based one-time passwords (RFC 6238) over HOTP (RFC 4226), as authenticator apps speak them. */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted on either side of the current one. */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: the form authenticator apps take secrets in. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, forgiving case, spaces and padding (people copy secrets by hand). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Invalid base32 character "${char}".`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226): HMAC-SHA1 of the 8-byte counter, dynamically truncated to `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step (RFC 6238's T) a moment falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator shows at `atMs`. */
export function totpCode(key: Uint8Array, atMs: number, digits = TOTP_DIGITS): string {
  return hotp(key, totpStep(atMs), digits);
}

/**
 * The step a presented code belongs to, or null when it matches none within the drift window.
 * Steps at or before `lastUsedStep` are never accepted, so a code (or an older one an observer saw)
 * cannot be replayed within its window.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  atMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const now = totpStep(atMs);
  let matched: number | null = null;
  // Every candidate is computed and compared in constant time, so timing does not tell which matched.
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (safeEqual(hotp(key, step), code) && matched === null) matched = step;
  }
  return matched;
}

/** A new shared secret: 160 bits, the HMAC-SHA1 block RFC 4226 recommends, in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/**
 * The otpauth:// URL authenticator apps read from a QR code. The app lists the account under
 * `issuer`: the site's system name (white-label), never a vendor's. Encoded, a colon or space in it
 * cannot split the label.
 */
export function otpauthUrl(issuer: string, accountName: string, secret: string): string {
  const name = encodeURIComponent(issuer);
  return `otpauth://totp/${name}:${encodeURIComponent(accountName)}?secret=${secret}&issuer=${name}`;
}
