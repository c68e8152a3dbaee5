import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, SecretBox, SecretBoxError } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals so that only the same key opens, and never the same way twice', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^sb1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow(SecretBoxError);
  });

  it('detects tampering and refuses unsealed values', () => {
    const sealed = box.seal('secret');
    const raw = Buffer.from(sealed.slice(4), 'base64url');
    for (const index of [0, 12, raw.length - 1]) {
      const altered = Buffer.from(raw);
      altered[index] = (altered[index] ?? 0) ^ 0x01;
      expect(() => box.open(`sb1:${altered.toString('base64url')}`), `byte ${index}`).toThrow(SecretBoxError);
    }
    expect(() => box.open('plain')).toThrow(SecretBoxError);
    expect(() => box.open('sb1:abc')).toThrow(SecretBoxError);
  });
  it('derives one stable key per purpose, none of them the key itself', () => {
    const key = randomBytes(32);
    const same = new SecretBox(Buffer.from(key));
    const forms = box.derive('form-tokens');
    expect(forms).toHaveLength(32);
    expect(box.derive('form-tokens')).toEqual(forms);
    expect(box.derive('visitor-cookies')).not.toEqual(forms);
    expect(new SecretBox(key).derive('form-tokens')).toEqual(same.derive('form-tokens'));
    expect(new SecretBox(key).derive('form-tokens')).not.toEqual(key);
    expect(new SecretBox(randomBytes(32)).derive('form-tokens')).not.toEqual(forms);
  });
});

describe('loadSecretKey', () => {
  it('uses SECRET_KEY when given, else makes a private key file once and reuses it', () => {
    const given = randomBytes(32);
    expect(loadSecretKey(given.toString('base64'), '/nonexistent/key')).toEqual(given);
    const dir = mkdtempSync(join(tmpdir(), 'tessera-key-'));
    try {
      const file = join(dir, 'secret.key');
      const first = loadSecretKey(null, file);
      expect(first).toHaveLength(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadSecretKey(null, file)).toEqual(first);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
