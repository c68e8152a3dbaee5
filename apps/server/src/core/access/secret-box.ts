import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const PREFIX = 'sb1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value could not be opened: another key sealed it, or it was altered. */
export class SecretBoxError extends Error {}

/**
 * Encrypts secrets Tessera must read back (two-factor seeds; later webhook secrets and plugin API
 * keys) with AES-256-GCM under a key kept outside the database, so a copy of the database alone
 * does not hand them out. Sealed values read `sb1:<base64url of iv, tag, ciphertext>`.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('A SecretBox key is 32 bytes.');
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /**
   * A key of its own for one purpose (signing form tokens, visitors' cookies), derived from this
   * box's key with HKDF-SHA256: what signs one kind of value can never sign another, and the
   * installation's key itself never leaves the box.
   */
  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `tessera:${purpose}`, 32));
  }

  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new SecretBoxError('The value is not sealed.');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('The sealed value is truncated.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretBoxError(
        'The sealed value does not open with this key (another SECRET_KEY, or altered).',
      );
    }
  }
}

/**
 * The key: SECRET_KEY when set (every instance sharing a database must have the same one), else a
 * key file under DATA_DIR made on first use, readable by its owner only.
 */
export function loadSecretKey(secretKey: string | null, keyFile: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'base64');
  if (existsSync(keyFile)) return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
