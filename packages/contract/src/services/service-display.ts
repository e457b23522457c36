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

const MEMORY_UNITS = [
  { suffix: 'Ki', bytes: 1024, word: 'KB' },
  { suffix: 'Mi', bytes: 1024 ** 2, word: 'MB' },
  { suffix: 'Gi', bytes: 1024 ** 3, word: 'GB' },
  { suffix: 'Ti', bytes: 1024 ** 4, word: 'TB' },
] as const;

/**
 * A tier's memory (spec section 3 `nodeSpec.memory`, a Kubernetes quantity such as `256Mi`) as people say it:
 * `256 MB`, `1 GB`, `1.5 GB`; 1,024 of a unit become the next one. Anything else is shown as it is.
 */
export function memoryDisplay(quantity: string): string {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti)$/.exec(quantity.trim());
  if (match === null) return quantity;
  const unitIndex = MEMORY_UNITS.findIndex((unit) => unit.suffix === match[2]);
  let bytes = Number(match[1]) * MEMORY_UNITS[unitIndex]!.bytes;
  let index = 0;
  while (index < MEMORY_UNITS.length - 1 && bytes >= MEMORY_UNITS[index + 1]!.bytes) index += 1;
  bytes /= MEMORY_UNITS[index]!.bytes;
  const amount = Number.isInteger(bytes) ? String(bytes) : String(Math.round(bytes * 10) / 10);
  return `${amount} ${MEMORY_UNITS[index]!.word}`;
}
