import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters', () => {
    expect(redactUrl('/admin/setup?token=s3cr3t')).toBe('/admin/setup?token=[redacted]');
    expect(redactUrl('/reset?reset_token=abc&lang=en')).toBe('/reset?reset_token=[redacted]&lang=en');
    expect(redactUrl('/x?api%5Fkey=abc&Password=p')).toBe('/x?api%5Fkey=[redacted]&Password=[redacted]');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/users?page=2&limit=10')).toBe('/api/users?page=2&limit=10');
    expect(redactUrl('/api/site')).toBe('/api/site');
    expect(redactUrl('/x?%zz=1')).toBe('/x?%zz=1');
  });
});
