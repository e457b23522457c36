import { compareVersions, selectableAdapterVersions } from '../services/versions';
import type { AdapterVersionInput } from '../services/versions';
import { REST_POLL_INTERVAL_LIMITS_MS } from './rest-api.schema';
import type { RestAuthenticationInput, RestEndpointInput } from './rest-api.schema';
import type { RestProcessAuthentication } from './rest-adapter-process';

/**
 * The control plane's rules for a service's REST adapter (issue 28, docs/decisions/052): which version it gets, when
 * its process should run, how a stored secret meets an update, and the words of its errors.
 */

/** The REST adapter versions a service of `serviceVersion` may run (section 5), newest first. */
export function restAdapterVersionsFor<T extends AdapterVersionInput>(
  adapterVersions: readonly T[],
  serviceVersion: string,
): T[] {
  return selectableAdapterVersions(adapterVersions, serviceVersion, 'rest-gateway').sort((a, b) =>
    compareVersions(b.tag, a.tag),
  );
}

export const REST_ADAPTER_MESSAGES = {
  noVersionForService: (serviceVersion: string) =>
    `No REST adapter version supports service version ${serviceVersion}.`,
  versionNotOffered: (version: string, serviceVersion: string) =>
    `REST adapter version ${version} is not offered for service version ${serviceVersion}.`,
  notRunning: (status: string) =>
    `The REST adapter is not running (status ${status}): try again when it is.`,
  /**
   * Activating (or creating) the REST adapter of a free trial service whose adapters used the trial's
   * FREE_TRIAL_ADAPTER_MESSAGE_LIMIT (section 9; the Kafka adapters' rule, docs/decisions/049 and 052).
   */
  freeTrialAdapterLimitReached:
    'The adapters of this free trial service have used the 100 million messages the trial allows them, so the REST adapter cannot be activated until the service runs on its paid plan.',
  noAnswer: 'The REST adapter did not answer with a poll result: try again in a moment.',
  secretRequired: (field: 'password' | 'token') =>
    `${field === 'password' ? 'Password' : 'Token'} is required: the API had no ${field} stored.`,
} as const;

/** 404s of the REST adapter calls (ours): the same answer whether the item is missing or another service's. */
export const REST_NOT_FOUND_MESSAGES = {
  api: 'This REST API does not exist on this service.',
  endpoint: 'This endpoint does not exist on this REST API.',
} as const;

export type RestVersionChoice = { ok: true; version: string } | { ok: false; message: string };

/**
 * POST /rest/upsert-service's version (section 5): the requested one when it is a selectable `rest-gateway` version
 * for the service; absent, the adapter's current one, else the newest selectable.
 */
export function restAdapterVersionChoice(
  adapterVersions: readonly AdapterVersionInput[],
  serviceVersion: string,
  requested: string | undefined,
  current: string | undefined,
): RestVersionChoice {
  const offered = restAdapterVersionsFor(adapterVersions, serviceVersion);
  if (requested !== undefined) {
    return offered.some((item) => item.tag === requested)
      ? { ok: true, version: requested }
      : { ok: false, message: REST_ADAPTER_MESSAGES.versionNotOffered(requested, serviceVersion) };
  }
  if (current !== undefined) return { ok: true, version: current };
  const newest = offered[0]?.tag;
  return newest === undefined
    ? { ok: false, message: REST_ADAPTER_MESSAGES.noVersionForService(serviceVersion) }
    : { ok: true, version: newest };
}

/**
 * Whether the adapter's process should run: it is active and its service runs. Also with nothing to poll yet, so the
 * first endpoint of a new API can be previewed (through the process's address checks) before it is saved.
 */
export function restAdapterDesiredRunning(input: {
  active: boolean;
  serviceDesiredState: string | undefined;
}): boolean {
  return input.active && input.serviceDesiredState === 'running';
}

/** The authentication as stored: its type and username in clear, its secret (password or token) to be sealed. */
export interface StoredRestAuthentication {
  type: 'none' | 'basic' | 'bearer';
  username: string | null;
  /** In clear here; the repository seals it. */
  secret: string | null;
}

export type RestAuthenticationMerge =
  | { ok: true; authentication: StoredRestAuthentication }
  | { ok: false; field: string; message: string };

/**
 * An API's authentication from its input (write-only secrets): a password or token sent replaces the stored one;
 * absent, the stored one is kept when the type is unchanged. A new API, or a type change, without its secret is
 * refused naming the field.
 */
export function mergeRestAuthentication(
  input: RestAuthenticationInput,
  stored: StoredRestAuthentication | undefined,
): RestAuthenticationMerge {
  if (input.type === 'none')
    return { ok: true, authentication: { type: 'none', username: null, secret: null } };
  const field = input.type === 'basic' ? 'password' : 'token';
  const sent = input.type === 'basic' ? input.password : input.token;
  const kept = stored?.type === input.type ? stored.secret : null;
  const secret = sent ?? kept;
  if (secret === null) {
    return {
      ok: false,
      field: `authentication.${field}`,
      message: REST_ADAPTER_MESSAGES.secretRequired(field),
    };
  }
  return {
    ok: true,
    authentication: {
      type: input.type,
      username: input.type === 'basic' ? input.username : null,
      secret,
    },
  };
}

/** The process's authentication (secrets in clear, for the process only) from the stored one. */
export function restProcessAuthentication(
  stored: StoredRestAuthentication,
): RestProcessAuthentication {
  if (stored.type === 'basic') {
    return { type: 'basic', username: stored.username ?? '', password: stored.secret ?? '' };
  }
  if (stored.type === 'bearer') return { type: 'bearer', token: stored.secret ?? '' };
  return { type: 'none' };
}

/** An endpoint's stored settings from its input: no topic path or pointer is null, no interval the default. */
export function restEndpointSettings(input: RestEndpointInput): {
  path: string;
  topicPath: string | null;
  pollIntervalMs: number;
  valuePointer: string | null;
} {
  return {
    path: input.path,
    topicPath: input.topicPath ?? null,
    pollIntervalMs: input.pollIntervalMs ?? REST_POLL_INTERVAL_LIMITS_MS.default,
    valuePointer:
      input.valuePointer === undefined || input.valuePointer === '' ? null : input.valuePointer,
  };
}
