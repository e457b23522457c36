/**
 * How a service's region, version, host name and size are shown, spec section 9
 * "Plans and services".
 */

/** The first dot-segment of the region, upper-cased: `eu-west-1.aws` → `EU-WEST-1`. */
export function regionDisplay(region: string): string {
  return (region.split('.')[0] ?? '').toUpperCase();
}

/** The version without the part after its first dash: `6.9.2-rc1` → `6.9.2`. */
export function versionDisplay(version: string): string {
  return version.split('-')[0] ?? '';
}

export interface ServiceHostnameInput {
  serviceName: string;
  region: string;
}

/**
 * The host name of a service: the service name, a dot, then the full region,
 * e.g. `my-service` in `eu-west-1.aws` → `my-service.eu-west-1.aws`. The messaging client
 * connects to this host on port 443 (spec section 7).
 */
export function serviceHostname({ serviceName, region }: ServiceHostnameInput): string {
  return `${serviceName}.${region}`;
}

/** High availability means more than one node; an unknown node count is not highly available. */
export function isHighAvailability(service: { noOfNodes?: number | null }): boolean {
  return (service.noOfNodes ?? 0) > 1;
}

/**
 * A service card's session count as text (issue 5: cards show sessions): only a RUNNING service has a runtime to
 * ask, so the others show a dash rather than a stale or made-up zero, as does a count that could not be read;
 * `undefined` is a count not read yet. Shared by the app's card and the painted page's start script.
 */
export function sessionsText(isRunning: boolean, sessions: number | null | undefined): string {
  if (!isRunning || sessions === null) return '—';
  if (sessions === undefined) return '…';
  return sessions.toLocaleString('en-US');
}
