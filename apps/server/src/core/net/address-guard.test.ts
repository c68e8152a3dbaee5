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

  it('judges an IPv6 address that carries an IPv4 address by that address, however it is written', () => {
    const carrying = (ipv4: string, hex: string) => [
      `::${ipv4}`, // IPv4-compatible, ::/96
      `::${hex}`,
      `::ffff:${ipv4}`, // IPv4-mapped
      `::ffff:${hex}`,
      `0:0:0:0:0:ffff:${hex}`,
      `::ffff:0:${ipv4}`, // IPv4-translated, RFC 2765
      `::ffff:0:${hex}`,
      `64:ff9b::${ipv4}`, // NAT64's well-known prefix
      `64:ff9b::${hex}`,
      `2002:${hex}::`, // 6to4
      `2002:${hex}:1:2:3:4:5`,
    ];
    for (const [ipv4, hex] of [
      ['127.0.0.1', '7f00:1'],
      ['10.0.0.1', 'a00:1'],
      ['192.168.1.1', 'c0a8:101'],
      ['169.254.169.254', 'a9fe:a9fe'],
      ['0.0.0.0', '0:0'],
    ] as const)
      for (const address of carrying(ipv4, hex)) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of carrying('93.184.216.34', '5db8:d822'))
      expect(isPrivateAddress(address), address).toBe(false);
    // As a webhook's URL gives them: the URL parser writes the IPv4 part in hex.
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::ffff:0:127.0.0.1]/',
      'http://[64:ff9b::10.0.0.1]/',
    ])
      expect(isPrivateAddress(new URL(url).hostname.slice(1, -1)), url).toBe(true);
    expect(isPrivateAddress('::FFFF:7F00:1')).toBe(true);
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
    expect(isPrivateAddress('64:ff9b:1::5db8:d822')).toBe(true);
  });

  it('refuses a host name that resolves to loopback at connection time', async () => {
    const error = await new Promise((resolve) =>
      guardedLookup('localhost', { all: false }, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(PrivateAddressRefused);
  });
});
