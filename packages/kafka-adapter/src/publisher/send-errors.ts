import kafkajs from 'kafkajs';

// kafkajs is CommonJS and spreads its error classes into its exports, which Node's ESM loader cannot see as named
// exports (the adapter process runs as ESM): they are read from the default export.
const { KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } = kafkajs;

/**
 * Whether a failed produce is Kafka refusing the records themselves (a record too large, an invalid or forbidden
 * topic: a protocol error the client does not retry) rather than Kafka being away (a connection refused or reset,
 * a timeout, a leader moving, retries exhausted). A refused batch retried as it is would never pass and would block
 * every value behind it, so its records are sent one by one and only the refused ones are given up; an outage keeps
 * the batch and retries it with backoff.
 */
export function isRecordRefusal(error: unknown): boolean {
  if (!(error instanceof KafkaJSNonRetriableError)) return false;
  if (error instanceof KafkaJSNumberOfRetriesExceeded) return false;
  const cause = (error as { cause?: unknown }).cause ?? error;
  return cause instanceof KafkaJSProtocolError && !cause.retriable;
}

/** Kafka's words for a refusal: its error type and message (e.g. MESSAGE_TOO_LARGE: …). */
export function refusalReason(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause instanceof KafkaJSProtocolError) return `${cause.type}: ${cause.message}`;
  return error instanceof Error ? error.message : String(error);
}
