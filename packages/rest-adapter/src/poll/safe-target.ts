import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isHostAllowed, type AllowedHost } from '@herald/contract/rest-adapters/allowed-hosts';
import { addressRefusal } from './address-policy';

/**
 * Where a request may connect (docs/decisions/051, SSRF): only http and https; the host resolved here (every
 * address: one bad address refuses the name, so a round-robin answer cannot slip a private one in), each address
 * checked with address-policy.ts unless the operator allowed the host by name (REST_ADAPTER_ALLOWED_HOSTS); the
 * request then connects to the checked address only (pinned: no second resolution, so DNS rebinding cannot swap
 * it). Names of metadata services are refused by name as well as by address.
 */
export type SafeTarget =
  { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; error: string };

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const resolveAll: Resolve = (host) => lookup(host, { all: true, verbatim: true });

export function defaultPort(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}

export async function safeTarget(
  url: URL,
  allowedHosts: readonly AllowedHost[],
  resolve: Resolve = resolveAll,
): Promise<SafeTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      error: `only http and https are polled, not ${url.protocol.replace(/:$/, '')}`,
    };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = isHostAllowed(allowedHosts, host, defaultPort(url));
  if (!allowed && METADATA_NAMES.has(host.toLowerCase().replace(/\.$/, ''))) {
    return { ok: false, error: `${host} is a cloud metadata service` };
  }
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'ERROR';
      return {
        ok: false,
        error: `${host} does not resolve (${code === 'ENOTFOUND' ? 'no such name' : code})`,
      };
    }
  }
  const first = addresses[0];
  if (first === undefined) return { ok: false, error: `${host} does not resolve (no address)` };
  if (!allowed) {
    for (const { address } of addresses) {
      const refusal = addressRefusal(address);
      if (refusal !== null) {
        const where = address === host ? host : `${host} (${address})`;
        return {
          ok: false,
          error: `${where} is ${refusal}: refused (an operator may allow it in REST_ADAPTER_ALLOWED_HOSTS)`,
        };
      }
    }
  }
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
