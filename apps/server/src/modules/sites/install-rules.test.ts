import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../../core/errors.js';
import { checkInstallInput, handleOf, type InstallInput, normalizeDomain } from './install-rules.js';

const good: InstallInput = {
  siteName: '  My Site ',
  domain: 'Example.COM',
  adminEmail: 'admin@example.com',
  adminPassword: 'correct horse battery staple',
};

function fieldsOf(input: InstallInput): Record<string, string[]> {
  try {
    checkInstallInput(input);
  } catch (error) {
    if (error instanceof ValidationFailed) return error.fields;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('checkInstallInput', () => {
  it('normalizes good input and fills the defaults', () => {
    expect(checkInstallInput(good)).toEqual({
      siteName: 'My Site',
      domain: 'example.com',
      adminEmail: 'admin@example.com',
      adminPassword: 'correct horse battery staple',
      adminName: 'admin',
      locale: 'en',
    });
  });

  it('accepts localhost, IPv4 addresses and strips a port', () => {
    expect(checkInstallInput({ ...good, domain: 'localhost' }).domain).toBe('localhost');
    expect(checkInstallInput({ ...good, domain: '127.0.0.1:3000' }).domain).toBe('127.0.0.1');
    expect(checkInstallInput({ ...good, domain: 'www.example.com.' }).domain).toBe('www.example.com');
  });

  it('reports every bad field at once, under its API name', () => {
    const fields = fieldsOf({
      siteName: ' ',
      domain: 'http://example.com/x',
      adminEmail: 'nope',
      adminPassword: 'short',
      locale: 'english!',
    });
    expect(Object.keys(fields).sort()).toEqual([
      'admin_email',
      'admin_password',
      'domain',
      'locale',
      'site_name',
    ]);
    expect(fields.admin_password).toContain('Must be at least 10 characters.');
  });

  it('rejects host names that are not', () => {
    for (const domain of ['exa mple.com', '-bad.com', 'a..b', 'under_score.com', '[::1]', 'x'.repeat(64)]) {
      expect(fieldsOf({ ...good, domain })).toHaveProperty('domain');
    }
  });

  it('rejects a common password and one equal to the email', () => {
    expect(fieldsOf({ ...good, adminPassword: 'password123' })).toHaveProperty('admin_password');
    expect(
      fieldsOf({ ...good, adminEmail: 'longname@example.com', adminPassword: 'LongName@example.com' }),
    ).toHaveProperty('admin_password');
  });

  it('limits the site name to 200 characters', () => {
    expect(fieldsOf({ ...good, siteName: 'x'.repeat(201) }).site_name).toEqual([
      'Must be at most 200 characters.',
    ]);
  });
});

describe('handleOf', () => {
  it('makes a lowercase label of at most 63 characters', () => {
    expect(handleOf('Café del Mar!')).toBe('cafe-del-mar');
    expect(handleOf('  ---  ')).toBe('site');
    const long = handleOf(`${'a'.repeat(62)} b`);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long.endsWith('-')).toBe(false);
  });
});

describe('normalizeDomain', () => {
  it('lowercases and drops a port and a trailing dot', () => {
    expect(normalizeDomain(' Example.org:8080 ')).toBe('example.org');
    expect(normalizeDomain('example.org.:8080')).toBe('example.org');
  });
});
