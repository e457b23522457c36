import { describe, expect, it } from 'vitest';
import { isHostAllowed, parseAllowedHosts } from './allowed-hosts';

describe('REST_ADAPTER_ALLOWED_HOSTS', () => {
  it('reads hosts, hosts with ports and bracketed IPv6 addresses', () => {
    expect(parseAllowedHosts(' Legacy.Internal , 127.0.0.1:8080,[::1]:80,,')).toEqual({
      ok: true,
      hosts: [
        { host: 'legacy.internal', port: null },
        { host: '127.0.0.1', port: 8080 },
        { host: '::1', port: 80 },
      ],
    });
    expect(parseAllowedHosts(undefined)).toEqual({ ok: true, hosts: [] });
  });

  it.each(['http://a', 'a:99999', 'a:0', '::1', 'a b'])('names the bad entry %s', (entry) => {
    const parsed = parseAllowedHosts(`ok.example, ${entry}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(`"${entry}"`);
  });

  it('allows a host on any port, or only on its port', () => {
    const parsed = parseAllowedHosts('legacy.internal,127.0.0.1:8080,[::1]');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(isHostAllowed(parsed.hosts, 'LEGACY.internal', 443)).toBe(true);
    expect(isHostAllowed(parsed.hosts, '127.0.0.1', 8080)).toBe(true);
    expect(isHostAllowed(parsed.hosts, '127.0.0.1', 8081)).toBe(false);
    expect(isHostAllowed(parsed.hosts, '[::1]', 9)).toBe(true);
    expect(isHostAllowed(parsed.hosts, '10.0.0.1', 80)).toBe(false);
  });
});
