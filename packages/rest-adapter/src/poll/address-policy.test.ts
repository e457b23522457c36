import { describe, expect, it } from 'vitest';
import { addressRefusal } from './address-policy';

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'a loopback address (127.0.0.0/8)'],
    ['127.255.255.254', 'a loopback address (127.0.0.0/8)'],
    ['::1', 'a loopback address (::1)'],
    ['0.0.0.0', 'an unspecified address (0.0.0.0/8)'],
    ['::', 'an unspecified address (::)'],
    ['10.1.2.3', 'a private address (10.0.0.0/8)'],
    ['172.16.0.1', 'a private address (172.16.0.0/12)'],
    ['172.31.255.255', 'a private address (172.16.0.0/12)'],
    ['192.168.1.1', 'a private address (192.168.0.0/16)'],
    ['fc00::1', 'a private address (fc00::/7)'],
    ['fd12:3456::1', 'a private address (fc00::/7)'],
    ['169.254.1.1', 'a link-local address (169.254.0.0/16)'],
    ['fe80::1', 'a link-local address (fe80::/10)'],
    ['fe80::1%eth0', 'a link-local address (fe80::/10)'],
    ['100.64.0.1', 'a carrier-grade NAT address (100.64.0.0/10)'],
    ['100.127.255.255', 'a carrier-grade NAT address (100.64.0.0/10)'],
    ['224.0.0.1', 'a multicast address (224.0.0.0/4)'],
    ['ff02::1', 'a multicast address (ff00::/8)'],
    ['255.255.255.255', 'a reserved or broadcast address (240.0.0.0/4)'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['::ffff:127.0.0.1', 'a loopback address (127.0.0.0/8), IPv4-mapped'],
    ['::ffff:7f00:1', 'a loopback address (127.0.0.0/8), IPv4-mapped'],
    ['::ffff:169.254.169.254', 'a cloud metadata address, IPv4-mapped'],
    ['::ffff:10.0.0.1', 'a private address (10.0.0.0/8), IPv4-mapped'],
    ['::127.0.0.1', 'a loopback address (127.0.0.0/8), IPv4-mapped'],
    ['localhost', 'not an IP address'],
  ])('refuses %s: %s', (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '2001:db8::1',
  ])('lets %s be polled', (address) => {
    expect(addressRefusal(address)).toBeNull();
  });
});
