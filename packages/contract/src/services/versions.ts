import {
  LEGACY_UPDATE_VERSION_PREFIX,
  MENU_MIN_VERSIONS,
  SUPPORTED_VERSION_RANGE,
} from '../constants';
import { SERVICE_MESSAGES } from '../messages';

/**
 * Version rules of spec sections 5 and 9. Versions are dot-separated numbers with an optional
 * pre-release suffix after the first dash (`6.9.2-rc1`); the suffix is ignored when comparing, so
 * `6.9.2-rc1` and `6.9.2` are equal. Segments compare numerically (`6.10` is newer than `6.9`) and a
 * missing segment counts as 0 (`6.9` equals `6.9.0`).
 */

const VERSION_PATTERN = /^\d+(\.\d+)*$/;

/** The numeric segments of a version, or null when it is not `n(.n)*` with an optional `-suffix`. */
export function parseVersion(version: string): number[] | null {
  const core = version.trim().split('-')[0] ?? '';
  if (!VERSION_PATTERN.test(core)) return null;
  return core.split('.').map(Number);
}

/** Lenient reading for ordering: a segment counts as its leading digits, or 0 when it has none. */
function lenientSegments(version: string): number[] {
  const core = version.trim().split('-')[0] ?? '';
  return core.split('.').map((segment) => {
    const digits = /^\d+/.exec(segment);
    return digits === null ? 0 : Number(digits[0]);
  });
}

function compareSegments(a: readonly number[], b: readonly number[]): number {
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * -1, 0 or 1 as `a` is older than, equal to or newer than `b`. Total: a malformed segment counts
 * as its leading digits or 0, so sorting never throws.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  return compareSegments(lenientSegments(a), lenientSegments(b)) as -1 | 0 | 1;
}

/**
 * Compares a version with a bound at the bound's precision: against bound `6.9` only major.minor
 * count, so `6.9.3` is equal to it (it is within the 6.9 line), and against `6.9.2` all three do.
 */
function compareWithBound(version: readonly number[], bound: readonly number[]): number {
  return compareSegments(version.slice(0, bound.length), bound);
}

export type VersionCheck = { ok: true } | { ok: false; message: string };

/**
 * Spec section 5: supported service versions are 6.6 to 6.11 inclusive, by major.minor, so any
 * patch of those lines is supported (`6.10.3`, `6.11.9`) and `6.5.9`, `6.12.0` are not. A version
 * that is not a dotted number is not supported.
 */
export function checkSupportedVersion(version: string): VersionCheck {
  const parsed = parseVersion(version);
  const min = parseVersion(SUPPORTED_VERSION_RANGE.min) ?? [];
  const max = parseVersion(SUPPORTED_VERSION_RANGE.max) ?? [];
  if (parsed !== null && compareWithBound(parsed, min) >= 0 && compareWithBound(parsed, max) <= 0) {
    return { ok: true };
  }
  return { ok: false, message: SERVICE_MESSAGES.versionNotSupported(version) };
}

export function isSupportedVersion(version: string): boolean {
  return checkSupportedVersion(version).ok;
}

/** Throws Error('Version {x} is not supported') for a version outside 6.6 to 6.11. */
export function assertSupportedVersion(version: string): void {
  const check = checkSupportedVersion(version);
  if (!check.ok) throw new Error(check.message);
}

/** An updateable version from metadata, as a tag string or an item with a tag. */
export type VersionLike = string | { tag: string };

function tagOf(version: VersionLike): string {
  return typeof version === 'string' ? version : version.tag;
}

/**
 * Spec section 5: an update is available when the current version starts with 6.5.0 (the legacy
 * line that is always offered an update) or an updateable version is newer than the current one.
 * A pre-release suffix is ignored, so `6.9.2` is not an update of `6.9.2-rc1`.
 */
export function isVersionUpdateAvailable(
  current: string | null | undefined,
  updateableVersions: readonly VersionLike[],
): boolean {
  if (current === null || current === undefined || current === '') return false;
  if (current.startsWith(LEGACY_UPDATE_VERSION_PREFIX)) return true;
  return updateableVersions.some((candidate) => compareVersions(tagOf(candidate), current) > 0);
}

/**
 * True when `version` is at least `min`, compared at `min`'s precision (`6.8.0` and `6.8.5` meet
 * `6.8`; `6.7.9` does not). A missing or malformed version never meets a minimum.
 */
export function meetsMinimumVersion(version: string | null | undefined, min: string): boolean {
  if (version === null || version === undefined) return false;
  const parsed = parseVersion(version);
  const bound = parseVersion(min);
  if (parsed === null || bound === null) return false;
  return compareWithBound(parsed, bound) >= 0;
}

/** True when `version` is at most `max`, at `max`'s precision (`6.9.3` is within max `6.9`). */
export function meetsMaximumVersion(version: string | null | undefined, max: string): boolean {
  if (version === null || version === undefined) return false;
  const parsed = parseVersion(version);
  const bound = parseVersion(max);
  if (parsed === null || bound === null) return false;
  return compareWithBound(parsed, bound) <= 0;
}

/** REST APIs menu entry: service version 6.8 or later (spec section 2). */
export function isRestMenuAvailable(version: string | null | undefined): boolean {
  return meetsMinimumVersion(version, MENU_MIN_VERSIONS.rest);
}

/** Kafka menu entry: service version 6.9 or later; the dashboard.kafka flag is checked elsewhere. */
export function isKafkaMenuAvailable(version: string | null | undefined): boolean {
  return meetsMinimumVersion(version, MENU_MIN_VERSIONS.kafka);
}

export const ADAPTER_TYPES = ['kafka-gateway', 'rest-gateway'] as const;
export type AdapterType = (typeof ADAPTER_TYPES)[number];

/** An item of metadata adapterVersions (spec section 3). */
export interface AdapterVersionInput {
  tag: string;
  type: string;
  eol?: boolean | null;
  minHeraldVersion?: string | null;
  maxHeraldVersion?: string | null;
}

/**
 * Spec section 5: the adapter versions a service may choose, in the given order: those of the
 * given type, not end-of-life, whose min/max Herald version bounds (inclusive, each at its own
 * precision; a missing or empty bound is open,
 * a malformed one admits nothing) admit the service version. A malformed service version
 * admits only versions without bounds.
 */
export function selectableAdapterVersions<T extends AdapterVersionInput>(
  adapterVersions: readonly T[],
  serviceVersion: string,
  type: AdapterType,
): T[] {
  return adapterVersions.filter(
    (item) =>
      item.type === type &&
      item.eol !== true &&
      (!isBound(item.minHeraldVersion) ||
        meetsMinimumVersion(serviceVersion, item.minHeraldVersion)) &&
      (!isBound(item.maxHeraldVersion) ||
        meetsMaximumVersion(serviceVersion, item.maxHeraldVersion)),
  );
}

function isBound(version: string | null | undefined): version is string {
  return typeof version === 'string' && version !== '';
}
