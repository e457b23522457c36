/**
 * REST_ADAPTER_ALLOWED_HOSTS (issue 28 item 3): the hosts an operator lets the REST adapter reach although they are
 * private, loopback, link-local or a metadata service. Comma-separated `host` or `host:port` (an IPv6 address in
 * brackets: `[::1]:8080`); a host without port allows every port. Names compare without case.
 */

export interface AllowedHost {
  host: string;
  port: number | null;
}

export type ParsedAllowedHosts = { ok: true; hosts: AllowedHost[] } | { ok: false; error: string };

export function parseAllowedHosts(text: string | undefined): ParsedAllowedHosts {
  const hosts: AllowedHost[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s/]+))(?::(\d{1,5}))?$/.exec(entry);
    const port = match?.[3] === undefined ? null : Number(match[3]);
    if (!match || (port !== null && (port < 1 || port > 65_535))) {
      return {
        ok: false,
        error: `REST_ADAPTER_ALLOWED_HOSTS: "${entry}" is not a host or host:port (an IPv6 address goes in brackets)`,
      };
    }
    hosts.push({ host: (match[1] ?? match[2]!).toLowerCase(), port });
  }
  return { ok: true, hosts };
}

/** Whether a URL's host (a name or an address, IPv6 with or without brackets) and port are allowed by name. */
export function isHostAllowed(hosts: readonly AllowedHost[], host: string, port: number): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return hosts.some(
    (allowed) => allowed.host === name && (allowed.port === null || allowed.port === port),
  );
}
