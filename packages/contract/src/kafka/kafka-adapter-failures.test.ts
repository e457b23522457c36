import { describe, expect, it } from 'vitest';
import { KAFKA_MESSAGES, SERVICE_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import {
  isConnectionTestFailure,
  isNoAdapterSchedule,
  kafkaAdapterFailureText,
  scheduleTimeProblem,
  upgradeNotice,
} from './kafka-adapter-failures';

describe('an adapter call that failed (section 8)', () => {
  it.each([
    [500, 'Failed to connect to the adapter', KAFKA_MESSAGES.adapterCheckFailed],
    [500, 'failure: could not connect to kafka-adapter', KAFKA_MESSAGES.adapterCheckFailed],
    [500, 'Internal error', null],
    [402, KAFKA_MESSAGES.noPaymentMethod, null],
    [400, KAFKA_MESSAGES.freeTierNotPermitted, null],
    [400, KAFKA_MESSAGES.freeTrialSingleAdapter, null],
  ])('%s %s → %s', (status, serverMessage, expected) => {
    expect(kafkaAdapterFailureText({ status, serverMessage })).toBe(expected);
  });

  it('makes the failed check a warning (WARNING: prefix)', () => {
    expect(KAFKA_MESSAGES.adapterCheckFailed.startsWith('WARNING:')).toBe(true);
  });
});

describe('no scheduled upgrade (section 8)', () => {
  it.each([
    [404, SERVICE_MESSAGES.noScheduledUpdateForAdapter, true],
    [404, SERVICE_MESSAGES.noScheduledUpdateForService, true],
    [404, 'Route not found', false],
    [500, SERVICE_MESSAGES.noScheduledUpdateForAdapter, false],
  ])('%s %s → %s', (status, serverMessage, expected) => {
    expect(isNoAdapterSchedule({ status, serverMessage })).toBe(expected);
  });
});

describe('an immediate upgrade (section 4)', () => {
  it('reports an adapter already on the latest version as a notice', () => {
    expect(upgradeNotice({ upgradeType: 'latest', version: '1.2' })).toEqual({
      variant: 'info',
      message: SUCCESS_MESSAGES.alreadyLatestAdapterVersion,
    });
  });

  it('says which version it upgraded to', () => {
    expect(upgradeNotice({ upgradeType: 'version', version: '1.2' })).toEqual({
      variant: 'success',
      message: 'Adapter upgraded to version 1.2.',
    });
  });
});

describe('the time of a scheduled upgrade', () => {
  const now = Date.UTC(2026, 10, 28, 6, 0);
  it.each([
    [null, 'Choose the date and time of the upgrade'],
    [Number.NaN, 'Choose the date and time of the upgrade'],
    [now - 1, 'Choose a time in the future'],
    [now, 'Choose a time in the future'],
    [now + 60_000, null],
  ])('%s → %s', (timestamp, problem) => {
    expect(scheduleTimeProblem(timestamp, now)).toBe(problem);
  });
});

describe('a connection test that failed (section 7)', () => {
  it.each([
    [400, `${KAFKA_MESSAGES.failedToTestConnection}: connect ECONNREFUSED 127.0.0.1:9`, true],
    [502, 'Failed to test connection to the gateway Kafka cluster: timeout', true],
    [400, 'A broker address is host:port', false],
    [500, 'Internal error', false],
  ])('%s %s → %s', (status, serverMessage, expected) => {
    expect(isConnectionTestFailure({ status, serverMessage })).toBe(expected);
  });
});
