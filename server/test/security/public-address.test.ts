import { describe, expect, it } from 'vitest';
import { isNonPublicHost, isPublicAddress } from '../../src/security/public-address.js';

describe('the public-address test of outgoing calls', () => {
  it('counts only public unicast addresses as public', () => {
    for (const address of ['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '203.0.113.7',
      '224.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('finds a host plainly off the internet without a lookup, and leaves names to the resolver', () => {
    for (const url of [
      'https://localhost',
      'https://LOCALHOST.',
      'https://a.localhost',
      'https://[::1]:8443',
    ]) {
      expect(isNonPublicHost(new URL(url)), url).toBe(true);
    }
    expect(isNonPublicHost(new URL('https://2130706433'))).toBe(true); // 127.0.0.1, as URL parses it
    for (const url of ['https://8.8.8.8', 'https://idp.example', 'https://localhost.example']) {
      expect(isNonPublicHost(new URL(url)), url).toBe(false);
    }
  });
});
