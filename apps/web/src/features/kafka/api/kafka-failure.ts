import { kafkaAdapterFailureText } from '@herald/contract/kafka/kafka-adapter-failures';
import { isApiError } from '../../../lib/api/api-error';

/**
 * Section 8: a gateway-kafka-adapters 500 with a failed-connection message is a warning (the adapter check failed,
 * likely temporary), not an error. The failure keeps its technical message for support; the text people read is
 * the warning, which the app's toast shows as one (its WARNING: prefix). 402 and 400 stay as the server sends them.
 */
export function withKafkaFailureText(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const text = kafkaAdapterFailureText(error);
  if (text === null) return error;
  return Object.assign(new Error(text), {
    friendlyMessage: text,
    technicalMessage: error.technicalMessage,
    status: error.status,
    cause: error,
  });
}
