import { describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '@herald/contract/rest-adapters/allowed-hosts';
import { safeTarget, type Resolve } from './safe-target';

/** A resolver answering from a table, as DNS would (a name missing: ENOTFOUND). */
const table: Record<string, string[]> = {
  'api.example.com': ['93.184.215.14'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
  'rebind.example.com': ['127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'v6.example.com': ['2606:4700::6810:84e5'],
};
const resolve: Resolve = async (host) => {
  const addresses = table[host];
  if (!addresses) throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const hosts = (text: string) => {
  const parsed = parseAllowedHosts(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.hosts;
};

describe('safeTarget', () => {
  it.each([
    ['http://api.example.com/x', '', { address: '93.184.215.14', family: 4 }],
    ['https://v6.example.com/x', '', { address: '2606:4700::6810:84e5', family: 6 }],
    ['http://93.184.215.14:8080/x', '', { address: '93.184.215.14', family: 4 }],
    ['http://127.0.0.1:9000/x', '127.0.0.1:9000', { address: '127.0.0.1', family: 4 }],
    ['http://[::1]:9000/x', '[::1]', { address: '::1', family: 6 }],
    ['http://rebind.example.com/x', 'rebind.example.com:80', { address: '127.0.0.1', family: 4 }],
  ])('connects %s (allowed: %j) to the checked address', async (url, allowed, expected) => {
    const target = await safeTarget(new URL(url), hosts(allowed), resolve);
    expect(target.ok && { address: target.address, family: target.family }).toEqual(expected);
  });

  it.each([
    ['ftp://api.example.com/x', '', 'only http and https are polled, not ftp'],
    ['http://127.0.0.1:9000/x', '', '127.0.0.1 is a loopback address (127.0.0.0/8): refused'],
    [
      'http://127.0.0.1:9000/x',
      '127.0.0.1:9001',
      '127.0.0.1 is a loopback address (127.0.0.0/8): refused',
    ],
    [
      'http://[::ffff:127.0.0.1]/x',
      '',
      '::ffff:7f00:1 is a loopback address (127.0.0.0/8), IPv4-mapped: refused',
    ],
    [
      'http://rebind.example.com/x',
      '',
      'rebind.example.com (127.0.0.1) is a loopback address (127.0.0.0/8): refused',
    ],
    [
      'http://mixed.example.com/x',
      '',
      'mixed.example.com (10.0.0.7) is a private address (10.0.0.0/8): refused',
    ],
    [
      'http://metadata.example.com/x',
      '',
      'metadata.example.com (169.254.169.254) is a cloud metadata address: refused',
    ],
    [
      'http://metadata.google.internal/x',
      '',
      'metadata.google.internal is a cloud metadata service',
    ],
    ['http://169.254.169.254/latest', '', '169.254.169.254 is a cloud metadata address: refused'],
    ['http://nowhere.example.com/x', '', 'nowhere.example.com does not resolve (no such name)'],
  ])('refuses %s (allowed: %j): %s', async (url, allowed, error) => {
    const target = await safeTarget(new URL(url), hosts(allowed), resolve);
    expect(!target.ok && target.error.startsWith(error)).toBe(true);
  });
});
