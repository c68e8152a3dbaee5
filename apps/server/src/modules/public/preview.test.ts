import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../core/access/secret-box.js';
import { openPreviewToken, previewToken } from './preview.js';

describe('preview tokens', () => {
  const secrets = new SecretBox(randomBytes(32));
  const until = new Date('2026-11-25T12:00:00Z');

  it('open on their site until they expire', () => {
    const token = previewToken(secrets, 3, 42, until);
    expect(openPreviewToken(secrets, token, 3, until.getTime() - 1)).toBe(42);
    expect(openPreviewToken(secrets, token, 3, until.getTime())).toBeNull();
    expect(openPreviewToken(secrets, token, 4, until.getTime() - 1)).toBeNull();
  });

  it('cannot be read, forged or opened with another key', () => {
    const token = previewToken(secrets, 3, 42, until);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('link');
    expect(openPreviewToken(new SecretBox(randomBytes(32)), token, 3, 0)).toBeNull();
    expect(openPreviewToken(secrets, 'not-a-token-at-all-really', 3, 0)).toBeNull();
    expect(openPreviewToken(secrets, `${token.slice(0, -2)}xx`, 3, 0)).toBeNull();
  });
});
