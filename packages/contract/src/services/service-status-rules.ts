import { FREE_TRIAL_BILLING_PLAN } from '../constants';
import { SERVICE_STATUSES, type ServiceStatus } from './service-status';

/** Service status rules of spec section 4. */

/** The status a service has before its first status fetch answers. */
export const INITIAL_SERVICE_STATUS = 'CHECKING' satisfies ServiceStatus;

/** The in-progress group: the service is being checked or provisioned. */
export const IN_PROGRESS_STATUSES = [
  'CHECKING',
  'POD_PENDING',
  'POD_INITIALIZING',
  'POD_RUNNING_PENDING_DNS',
] as const satisfies readonly ServiceStatus[];

export type InProgressStatus = (typeof IN_PROGRESS_STATUSES)[number];

/** The status a service takes after its topic tree is reset. */
export const STATUS_AFTER_TOPIC_TREE_RESET = 'POD_INITIALIZING' satisfies ServiceStatus;

/** The status a service takes when its status fetch answers 404. */
export const STATUS_WHEN_NOT_FOUND = 'UNAVAILABLE' satisfies ServiceStatus;

export function isServiceStatus(value: unknown): value is ServiceStatus {
  return typeof value === 'string' && (SERVICE_STATUSES as readonly string[]).includes(value);
}

/** True for the in-progress group only; an unknown or missing status is not in progress. */
export function isInProgressStatus(status: string | null | undefined): status is InProgressStatus {
  return typeof status === 'string' && (IN_PROGRESS_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether a status will change by itself, so the status poll (every 10 s) keeps going. The same
 * group as in progress; with no status yet there is nothing to poll, so it is false.
 */
export function isTransitionalStatus(status: string | null | undefined): boolean {
  return isInProgressStatus(status);
}

/** Suspended is derived from status SUSPENDED. */
export function isSuspended(service: { status?: string | null }): boolean {
  return service.status === 'SUSPENDED';
}

/** Free trial is derived from billing plan freeTrial. */
export function isFreeTrial(service: { billingPlan?: string | null }): boolean {
  return service.billingPlan === FREE_TRIAL_BILLING_PLAN;
}

/** Most service menu entries are enabled only while the service is RUNNING. */
export function isServiceMenuEnabled(status: string | null | undefined): boolean {
  return status === 'RUNNING';
}

/**
 * The status to set after a failed status fetch: 404 means the service is UNAVAILABLE; for any
 * other failure null, meaning keep the status already known (a transient error says nothing
 * about the service).
 */
export function statusAfterFetchError(httpStatus: number): ServiceStatus | null {
  return httpStatus === 404 ? STATUS_WHEN_NOT_FOUND : null;
}

/** Resetting the topic tree sets POD_INITIALIZING. */
export function statusAfterTopicTreeReset(): ServiceStatus {
  return STATUS_AFTER_TOPIC_TREE_RESET;
}

/** First-service readiness becomes true when the first service's status is RUNNING. */
export function isFirstServiceReady(status: string | null | undefined): boolean {
  return status === 'RUNNING';
}
