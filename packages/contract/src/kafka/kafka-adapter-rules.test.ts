import { describe, expect, it } from 'vitest';
import { KAFKA_MESSAGES } from '../messages';
import {
  ADAPTER_VERSION_MESSAGES,
  adapterUpgradeVerdict,
  kafkaAdapterCreationRefusal,
  kafkaAdapterStatus,
  kafkaAdapterWorkloadIds,
  newKafkaAdapterVersion,
  parseKafkaAdapterWorkloadId,
  scheduledAdapterVersionProblem,
} from './kafka-adapter-rules';

const versions = [
  {
    tag: '1.0',
    type: 'kafka-gateway',
    eol: false,
    minHeraldVersion: '6.9',
    maxHeraldVersion: null,
  },
  {
    tag: '1.2',
    type: 'kafka-gateway',
    eol: false,
    minHeraldVersion: '6.10',
    maxHeraldVersion: null,
  },
  {
    tag: '1.1',
    type: 'kafka-gateway',
    eol: false,
    minHeraldVersion: '6.9',
    maxHeraldVersion: '6.10',
  },
  { tag: '0.9', type: 'kafka-gateway', eol: true, minHeraldVersion: '6.9', maxHeraldVersion: null },
  { tag: '2.0', type: 'rest-gateway', eol: false, minHeraldVersion: '6.8', maxHeraldVersion: null },
];

describe('kafkaAdapterCreationRefusal (section 8)', () => {
  it.each([
    [
      'free tier',
      { billingPlan: 'free', adapterCount: 0, canPay: true },
      { status: 400, message: KAFKA_MESSAGES.freeTierNotPermitted },
    ],
    [
      'trial, first adapter, no card',
      { billingPlan: 'freeTrial', adapterCount: 0, canPay: false },
      null,
    ],
    [
      'trial, second adapter',
      { billingPlan: 'freeTrial', adapterCount: 1, canPay: true },
      { status: 400, message: KAFKA_MESSAGES.freeTrialSingleAdapter },
    ],
    [
      'paid, no payment method',
      { billingPlan: 'xsmall', adapterCount: 0, canPay: false },
      { status: 402, message: KAFKA_MESSAGES.noPaymentMethod },
    ],
    [
      'paid, second adapter with a card',
      { billingPlan: 'small', adapterCount: 3, canPay: true },
      null,
    ],
  ])('%s', (_name, input, expected) => {
    expect(kafkaAdapterCreationRefusal(input)).toEqual(expected);
  });
});

describe('adapter versions bounded by the service version (section 5)', () => {
  it.each([
    ['6.9', '1.1'],
    ['6.10', '1.2'],
    ['6.11', '1.2'],
    ['6.8', null],
  ])('a service on %s gets %s', (serviceVersion, expected) => {
    expect(newKafkaAdapterVersion(versions, serviceVersion)).toBe(expected);
  });
});

describe('adapterUpgradeVerdict', () => {
  it.each([
    ['newer and offered', '6.10', '1.0', '1.2', { kind: 'upgrade', version: '1.2' }],
    ['already the newest', '6.10', '1.2', '1.2', { kind: 'latest', version: '1.2' }],
    [
      'over the service bound',
      '6.11',
      '1.0',
      '1.1',
      { kind: 'refused', message: ADAPTER_VERSION_MESSAGES.notOffered('1.1', '6.11') },
    ],
    [
      'end of life',
      '6.10',
      '0.8',
      '0.9',
      { kind: 'refused', message: ADAPTER_VERSION_MESSAGES.notOffered('0.9', '6.10') },
    ],
    [
      'another type',
      '6.10',
      '1.0',
      '2.0',
      { kind: 'refused', message: ADAPTER_VERSION_MESSAGES.notOffered('2.0', '6.10') },
    ],
    [
      'older',
      '6.10',
      '1.2',
      '1.1',
      { kind: 'refused', message: ADAPTER_VERSION_MESSAGES.notNewer('1.1', '1.2') },
    ],
    [
      'same, not the newest',
      '6.10',
      '1.1',
      '1.1',
      { kind: 'refused', message: ADAPTER_VERSION_MESSAGES.notNewer('1.1', '1.1') },
    ],
  ] as const)('%s', (_name, serviceVersion, current, requested, expected) => {
    expect(adapterUpgradeVerdict(versions, serviceVersion, current, requested)).toEqual(expected);
  });

  it('a scheduled upgrade needs a newer offered version', () => {
    expect(scheduledAdapterVersionProblem(versions, '6.10', '1.0', '1.2')).toBeNull();
    expect(scheduledAdapterVersionProblem(versions, '6.10', '1.2', '1.2')).toBe(
      ADAPTER_VERSION_MESSAGES.notNewer('1.2', '1.2'),
    );
    expect(scheduledAdapterVersionProblem(versions, '6.10', '1.0', '3.0')).toBe(
      ADAPTER_VERSION_MESSAGES.notOffered('3.0', '6.10'),
    );
  });
});

describe('workload ids of a high-availability pair', () => {
  it.each([
    ['k1', false, ['k1']],
    ['k1', true, ['k1', 'k1.member-2']],
  ] as const)('%s ha=%s', (id, ha, expected) => {
    const ids = kafkaAdapterWorkloadIds(id, ha);
    expect(ids).toEqual(expected);
    expect(ids.map(parseKafkaAdapterWorkloadId)).toEqual(
      ids.map((_, index) => ({ adapterId: id, member: index + 1 })),
    );
  });
});

describe('kafkaAdapterStatus', () => {
  it.each([
    ['RUNNING', 'ERROR', false, 'RUNNING'],
    ['RUNNING', 'RUNNING', true, 'RUNNING'],
    ['RUNNING', 'ERROR', true, 'ERROR'],
    ['ERROR', 'POD_INITIALIZING', true, 'ERROR'],
    ['RUNNING', 'POD_INITIALIZING', true, 'POD_INITIALIZING'],
    ['POD_PENDING', 'RUNNING', true, 'POD_PENDING'],
    ['SUSPENDED', 'SUSPENDED', true, 'SUSPENDED'],
  ] as const)('%s and %s (ha %s) read %s', (one, two, ha, expected) => {
    expect(kafkaAdapterStatus(one, two, ha)).toBe(expected);
  });
});
