import { describe, expect, it } from 'vitest';
import { SERVICE_STATUSES } from './service-status';
import {
  INITIAL_SERVICE_STATUS,
  IN_PROGRESS_STATUSES,
  isFirstServiceReady,
  isFreeTrial,
  isInProgressStatus,
  isServiceMenuEnabled,
  isServiceStatus,
  isSuspended,
  isTransitionalStatus,
  statusAfterFetchError,
  statusAfterTopicTreeReset,
} from './service-status-rules';

const inProgress = ['CHECKING', 'POD_PENDING', 'POD_INITIALIZING', 'POD_RUNNING_PENDING_DNS'];

describe('service status rules', () => {
  it('starts every service in status CHECKING', () => {
    expect(INITIAL_SERVICE_STATUS).toBe('CHECKING');
  });

  it('groups exactly the four spec statuses as in progress', () => {
    expect([...IN_PROGRESS_STATUSES]).toEqual(inProgress);
  });

  it.each(SERVICE_STATUSES.map((status) => [status, inProgress.includes(status)] as const))(
    'says status %s is in progress and transitional: %s',
    (status, expected) => {
      expect(isInProgressStatus(status)).toBe(expected);
      expect(isTransitionalStatus(status)).toBe(expected);
    },
  );

  it.each([undefined, null, '', 'checking', 'STARTING'])(
    'says an unknown or missing status %j is neither in progress nor transitional',
    (status) => {
      expect(isInProgressStatus(status)).toBe(false);
      expect(isTransitionalStatus(status)).toBe(false);
    },
  );

  it.each(SERVICE_STATUSES.map((status) => [status, status === 'RUNNING'] as const))(
    'with status %s enables the service menu and readies the first service: %s',
    (status, expected) => {
      expect(isServiceMenuEnabled(status)).toBe(expected);
      expect(isFirstServiceReady(status)).toBe(expected);
    },
  );

  it.each([undefined, null, 'running'])('with status %j enables nothing', (status) => {
    expect(isServiceMenuEnabled(status)).toBe(false);
    expect(isFirstServiceReady(status)).toBe(false);
  });

  it.each(SERVICE_STATUSES.map((status) => [status, status === 'SUSPENDED'] as const))(
    'says a service with status %s is suspended: %s',
    (status, expected) => {
      expect(isSuspended({ status })).toBe(expected);
    },
  );

  it.each([
    ['freeTrial', true],
    ['free', false],
    ['freetrial', false],
    ['aws-free', false],
    [null, false],
    [undefined, false],
  ])('says a service on billing plan %j is a free trial: %s', (billingPlan, expected) => {
    expect(isFreeTrial({ billingPlan })).toBe(expected);
  });

  it.each([
    [404, 'UNAVAILABLE'],
    [500, null],
    [503, null],
    [401, null],
    [403, null],
    [0, null],
  ])(
    'after a status fetch failing with HTTP %i sets status %j (null keeps the known one)',
    (httpStatus, expected) => {
      expect(statusAfterFetchError(httpStatus)).toBe(expected);
    },
  );

  it('sets POD_INITIALIZING after the topic tree is reset', () => {
    expect(statusAfterTopicTreeReset()).toBe('POD_INITIALIZING');
  });

  it.each([
    ...SERVICE_STATUSES.map((status) => [status, true] as const),
    ['running', false] as const,
    [42, false] as const,
    [null, false] as const,
  ])('recognises %j as a service status: %s', (value, expected) => {
    expect(isServiceStatus(value)).toBe(expected);
  });
});
