import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUrl,
  totpCode,
  totpStep,
} from './totp.js';

const rfcKey = Buffer.from('12345678901234567890', 'ascii');

describe('base32', () => {
  it('encodes and decodes RFC 4648 vectors', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Encode(rfcKey)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('forgives case, spaces and padding, and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('round-trips a new secret of 20 bytes', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  it('gives the six-digit test values for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(rfcKey, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  it('gives the eight-digit test values', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(rfcKey, seconds * 1000, 8)).toBe(code);
  });

  it('accepts one step of drift either way and nothing further', () => {
    const at = 1_700_000_000_000;
    const now = totpStep(at);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(rfcKey, hotp(rfcKey, now + offset), at, null)).toBe(now + offset);
    }
    for (const offset of [-2, 2]) expect(matchTotp(rfcKey, hotp(rfcKey, now + offset), at, null)).toBeNull();
  });

  it('refuses a code of a step already used, and of any earlier step', () => {
    const at = 1_700_000_000_000;
    const now = totpStep(at);
    expect(matchTotp(rfcKey, hotp(rfcKey, now), at, now)).toBeNull();
    expect(matchTotp(rfcKey, hotp(rfcKey, now - 1), at, now)).toBeNull();
    expect(matchTotp(rfcKey, hotp(rfcKey, now + 1), at, now)).toBe(now + 1);
  });

  it('refuses malformed codes', () => {
    const at = 1_700_000_000_000;
    const code = totpCode(rfcKey, at);
    for (const wrong of ['', code.slice(1), `${code}0`, 'abcdef', ` ${code.slice(1)}`]) {
      expect(matchTotp(rfcKey, wrong, at, null)).toBeNull();
    }
  });
});

describe('otpauth URL', () => {
  it('names the issuer and the account', () => {
    expect(otpauthUrl('Harbour Café', 'ann@example.test', 'ABC')).toBe(
      'otpauth://totp/Harbour%20Caf%C3%A9:ann%40example.test?secret=ABC&issuer=Harbour%20Caf%C3%A9',
    );
  });

  it('keeps a colon in the issuer from splitting the label', () => {
    expect(otpauthUrl('A: B', 'x@y.test', 'ABC')).toBe(
      'otpauth://totp/A%3A%20B:x%40y.test?secret=ABC&issuer=A%3A%20B',
    );
  });
});
