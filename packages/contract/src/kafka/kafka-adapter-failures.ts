import { KAFKA_MESSAGES, SERVICE_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import type { UpgradeAdapterResponse } from './kafka-adapter.schema';

/** Section 8 "Kafka adapters" and "Service and billing": how the adapter screens read the server's answers. */

export interface FailureLike {
  status: number;
  serverMessage: string;
}

/**
 * Section 8: gateway-kafka-adapters 500 with a failed-connection message is a warning that the adapter check failed,
 * likely temporary on a new server. Returns that warning (with its WARNING: prefix, so it shows as a warning toast),
 * or null when the failure is shown as the server sends it (402 no payment method, 400 free tier or trial limit).
 */
export function kafkaAdapterFailureText(failure: FailureLike): string | null {
  if (failure.status === 500 && /fail(ed|ure)?\b.*\bconnect/i.test(failure.serverMessage)) {
    return KAFKA_MESSAGES.adapterCheckFailed;
  }
  return null;
}

/** Section 8: a scheduled-update 404 with either of these messages means no upgrade is scheduled. */
export function isNoAdapterSchedule(failure: FailureLike): boolean {
  return (
    failure.status === 404 &&
    (failure.serverMessage === SERVICE_MESSAGES.noScheduledUpdateForService ||
      failure.serverMessage === SERVICE_MESSAGES.noScheduledUpdateForAdapter)
  );
}

export interface UpgradeNotice {
  variant: 'success' | 'info';
  message: string;
}

/** Section 4: an immediate upgrade on the latest version already shows a notice; otherwise it says what it did. */
export function upgradeNotice(response: UpgradeAdapterResponse): UpgradeNotice {
  if (response.upgradeType === 'latest') {
    return { variant: 'info', message: SUCCESS_MESSAGES.alreadyLatestAdapterVersion };
  }
  return { variant: 'success', message: `Adapter upgraded to version ${response.version}.` };
}

/** A scheduled upgrade's time: a valid moment in the future. Returns the problem in words, or null. */
export function scheduleTimeProblem(timestamp: number | null, now: number): string | null {
  if (timestamp === null || !Number.isFinite(timestamp))
    return 'Choose the date and time of the upgrade';
  if (timestamp <= now) return 'Choose a time in the future';
  return null;
}

/**
 * Section 7, test-connection: an error whose text says it failed to test connection to the gateway kafka cluster
 * means the cluster could not be reached (the test answers false); any other error is a failure of the call itself.
 */
export function isConnectionTestFailure(failure: FailureLike): boolean {
  return failure.serverMessage.toLowerCase().includes(KAFKA_MESSAGES.failedToTestConnection);
}
