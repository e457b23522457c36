import { FREE_TRIAL_BILLING_PLAN, FREE_TRIAL_KAFKA_ADAPTER_LIMIT } from '../constants';
import { KAFKA_MESSAGES } from '../messages';
import { compareVersions, selectableAdapterVersions } from '../services/versions';
import type { AdapterVersionInput } from '../services/versions';

/**
 * The control plane's rules for Kafka adapters (spec sections 5, 8 and 9; issue 27): who may create one, which
 * version it gets, what an upgrade request means, and the workload ids of a high-availability pair.
 */

export interface KafkaAdapterCreationInput {
  /** The service's billing plan (`free`, a paid tier, or `freeTrial`). */
  billingPlan: string;
  /** Adapters the service has now. */
  adapterCount: number;
  /** A valid card, or an operator's exemption, manual billing or a marketplace subscription. */
  canPay: boolean;
}

export type KafkaAdapterCreationRefusal = { status: 400 | 402; message: string } | null;

/**
 * Section 8's creation errors, in the order a person meets them: the free tier never has adapters; a free trial has
 * one and needs no card (section 9); a paid service needs a payment method.
 */
export function kafkaAdapterCreationRefusal(
  input: KafkaAdapterCreationInput,
): KafkaAdapterCreationRefusal {
  if (input.billingPlan === 'free') {
    return { status: 400, message: KAFKA_MESSAGES.freeTierNotPermitted };
  }
  if (input.billingPlan === FREE_TRIAL_BILLING_PLAN) {
    return input.adapterCount >= FREE_TRIAL_KAFKA_ADAPTER_LIMIT
      ? { status: 400, message: KAFKA_MESSAGES.freeTrialSingleAdapter }
      : null;
  }
  return input.canPay ? null : { status: 402, message: KAFKA_MESSAGES.noPaymentMethod };
}

/** The Kafka adapter versions a service of `serviceVersion` may run (section 5), newest first. */
export function kafkaAdapterVersionsFor<T extends AdapterVersionInput>(
  adapterVersions: readonly T[],
  serviceVersion: string,
): T[] {
  return selectableAdapterVersions(adapterVersions, serviceVersion, 'kafka-gateway').sort((a, b) =>
    compareVersions(b.tag, a.tag),
  );
}

/** A new adapter's version: the newest its service's version admits; null when none does. */
export function newKafkaAdapterVersion(
  adapterVersions: readonly AdapterVersionInput[],
  serviceVersion: string,
): string | null {
  return kafkaAdapterVersionsFor(adapterVersions, serviceVersion)[0]?.tag ?? null;
}

export const ADAPTER_VERSION_MESSAGES = {
  noVersionForService: (serviceVersion: string) =>
    `No Kafka adapter version supports service version ${serviceVersion}.`,
  notOffered: (version: string, serviceVersion: string) =>
    `Kafka adapter version ${version} is not offered for service version ${serviceVersion}.`,
  notNewer: (version: string, current: string) =>
    `Kafka adapter version ${version} is not newer than the version it runs (${current}).`,
} as const;

export type AdapterUpgradeVerdict =
  | { kind: 'upgrade'; version: string }
  | { kind: 'latest'; version: string }
  | { kind: 'refused'; message: string };

/**
 * POST /adapters/{type}/{adapterId}/upgrade (section 7): a version the service admits and newer than the current one
 * upgrades; the current version when it is already the newest admitted answers `latest` ('Already running latest
 * adapter version'); anything else is refused with the reason.
 */
export function adapterUpgradeVerdict(
  adapterVersions: readonly AdapterVersionInput[],
  serviceVersion: string,
  current: string,
  requested: string,
): AdapterUpgradeVerdict {
  const offered = kafkaAdapterVersionsFor(adapterVersions, serviceVersion);
  const newest = offered[0]?.tag;
  if (requested === current && newest !== undefined && compareVersions(current, newest) >= 0) {
    return { kind: 'latest', version: current };
  }
  if (!offered.some((item) => item.tag === requested)) {
    return {
      kind: 'refused',
      message: ADAPTER_VERSION_MESSAGES.notOffered(requested, serviceVersion),
    };
  }
  if (compareVersions(requested, current) <= 0) {
    return { kind: 'refused', message: ADAPTER_VERSION_MESSAGES.notNewer(requested, current) };
  }
  return { kind: 'upgrade', version: requested };
}

/**
 * A scheduled upgrade's version (POST .../scheduled-update): offered for the service and newer than the current one;
 * the message when not.
 */
export function scheduledAdapterVersionProblem(
  adapterVersions: readonly AdapterVersionInput[],
  serviceVersion: string,
  current: string,
  requested: string,
): string | null {
  const verdict = adapterUpgradeVerdict(adapterVersions, serviceVersion, current, requested);
  if (verdict.kind === 'refused') return verdict.message;
  if (verdict.kind === 'latest') return ADAPTER_VERSION_MESSAGES.notNewer(requested, current);
  return null;
}

/**
 * High availability runs two members of the same consumer groups (issue 27 item 1). Member 1's workload id is the
 * adapter's id; member 2's adds this suffix, so its files are `kafka-adapter-{adapterId}.member-2.*` and the log
 * collector files both members' lines under the adapter (`/logs/kafka-adapter/{adapterId}`).
 */
export const KAFKA_ADAPTER_MEMBER_2_SUFFIX = '.member-2';

export function kafkaAdapterWorkloadIds(adapterId: string, haEnabled: boolean): string[] {
  return haEnabled ? [adapterId, `${adapterId}${KAFKA_ADAPTER_MEMBER_2_SUFFIX}`] : [adapterId];
}

export function parseKafkaAdapterWorkloadId(workloadId: string): {
  adapterId: string;
  member: 1 | 2;
} {
  return workloadId.endsWith(KAFKA_ADAPTER_MEMBER_2_SUFFIX)
    ? { adapterId: workloadId.slice(0, -KAFKA_ADAPTER_MEMBER_2_SUFFIX.length), member: 2 }
    : { adapterId: workloadId, member: 1 };
}

/**
 * The status the list shows for an adapter (section 4 words): its member's; with high availability, ERROR when a
 * member is in error, else the member that is not RUNNING yet (a pair is running when both are).
 */
export function kafkaAdapterStatus(member1: string, member2: string, haEnabled: boolean): string {
  if (!haEnabled || member1 === member2) return member1;
  if (member1 === 'ERROR' || member2 === 'ERROR') return 'ERROR';
  return member1 === 'RUNNING' ? member2 : member1;
}

/** 404s of the Kafka gateway calls (ours): the same answer whether the item is missing or another service's. */
export const KAFKA_NOT_FOUND_MESSAGES = {
  adapter: 'This Kafka adapter does not exist on this service.',
  cluster: 'This Kafka cluster does not exist on this adapter.',
  publisher: 'This publisher does not exist on this cluster.',
  subscriber: 'This subscriber does not exist on this cluster.',
  adapterType: (type: string) => `This service has no ${type} adapters.`,
} as const;
