import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress, PrivateAddressRefused } from './address-guard.js';

describe('private addresses', () => {
  it('refuses loopback, private, link-local, shared, reserved and mapped addresses, and allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a00:1',
      '64:ff9b::7f00:1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses a host name that resolves to loopback at connection time', async () => {
    const error = await new Promise((resolve) =>
      guardedLookup('localhost', { all: false }, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(PrivateAddressRefused);
  });
});
