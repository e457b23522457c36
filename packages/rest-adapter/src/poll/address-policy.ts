import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses the REST adapter refuses to poll (docs/decisions/051, SSRF): an API's URL is typed by a tenant,
 * so it must not reach the machine's own services, the private network or a cloud's metadata service. Refused:
 * loopback, private (RFC 1918, fc00::/7), link-local (169.254/16, fe80::/10), unspecified, CGNAT (100.64/10,
 * RFC 6598), multicast, broadcast and reserved (240/4), the IPv4-mapped and NAT64/6to4-free forms of all those, and
 * the metadata addresses (169.254.169.254, fd00:ec2::254). Pure: the answer names the class, in words.
 */

type V4Range = [base: number, bits: number, what: string];

const v4 = (text: string) => text.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);

const V4_REFUSED: V4Range[] = [
  [v4('169.254.169.254'), 32, 'a cloud metadata address'],
  [v4('0.0.0.0'), 8, 'an unspecified address (0.0.0.0/8)'],
  [v4('127.0.0.0'), 8, 'a loopback address (127.0.0.0/8)'],
  [v4('10.0.0.0'), 8, 'a private address (10.0.0.0/8)'],
  [v4('172.16.0.0'), 12, 'a private address (172.16.0.0/12)'],
  [v4('192.168.0.0'), 16, 'a private address (192.168.0.0/16)'],
  [v4('169.254.0.0'), 16, 'a link-local address (169.254.0.0/16)'],
  [v4('100.64.0.0'), 10, 'a carrier-grade NAT address (100.64.0.0/10)'],
  [v4('224.0.0.0'), 4, 'a multicast address (224.0.0.0/4)'],
  [v4('240.0.0.0'), 4, 'a reserved or broadcast address (240.0.0.0/4)'],
];

function v4Refusal(address: string): string | null {
  const value = v4(address);
  for (const [base, bits, what] of V4_REFUSED) {
    const size = 2 ** (32 - bits);
    if (value >= base && value < base + size) return what;
  }
  return null;
}

/** The 8 groups of an IPv6 address as numbers (`::` expanded, a trailing dotted IPv4 as two groups). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = v4(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function v6Refusal(address: string): string | null {
  const g = v6Groups(address);
  const zeroUntil = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zeroUntil(8)) return 'an unspecified address (::)';
  if (zeroUntil(7) && g[7] === 1) return 'a loopback address (::1)';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): judged as the IPv4 address they carry.
  if (zeroUntil(5) && (g[5] === 0xffff || g[5] === 0)) {
    const inner = `${g[6]! >>> 8}.${g[6]! & 0xff}.${g[7]! >>> 8}.${g[7]! & 0xff}`;
    const refusal = v4Refusal(inner);
    return refusal === null ? null : `${refusal}, IPv4-mapped`;
  }
  if (g.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':'))
    return 'a cloud metadata address';
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'a private address (fc00::/7)';
  if ((first & 0xffc0) === 0xfe80) return 'a link-local address (fe80::/10)';
  if ((first & 0xffc0) === 0xfec0) return 'a site-local address (fec0::/10)';
  if ((first & 0xff00) === 0xff00) return 'a multicast address (ff00::/8)';
  return null;
}

/** Why an address may not be polled, or null when it may. A text that is no IP address is refused too. */
export function addressRefusal(address: string): string | null {
  if (isIPv4(address)) return v4Refusal(address);
  if (isIPv6(address)) return v6Refusal(address);
  return 'not an IP address';
}
