import { describe, expect, it } from 'vitest';
import {
  KafkaJSConnectionError,
  KafkaJSError,
  KafkaJSNonRetriableError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
} from 'kafkajs';
import { isRecordRefusal, refusalReason } from './send-errors';

/** Kafka's protocol errors as kafkajs builds them (src/protocol/error.js), by code. */
const protocolError = (type: string, code: number, retriable: boolean) =>
  new KafkaJSProtocolError({ type, code, retriable, message: `${type} from the broker` } as never);

/** What kafkajs's retrier throws for an error it does not retry (src/retry/index.js): the error as its cause. */
const notRetried = (error: Error): KafkaJSNonRetriableError =>
  Reflect.construct(KafkaJSNonRetriableError, [error, { cause: error }]);

describe('isRecordRefusal', () => {
  it.each<[string, unknown, boolean]>([
    [
      'a record too large, not retried by the client',
      notRetried(protocolError('MESSAGE_TOO_LARGE', 10, false)),
      true,
    ],
    ['a forbidden topic', notRetried(protocolError('TOPIC_AUTHORIZATION_FAILED', 29, false)), true],
    [
      'a leader moving, retries exhausted',
      new KafkaJSNumberOfRetriesExceeded(protocolError('NOT_LEADER_FOR_PARTITION', 6, true), {
        retryCount: 2,
        retryTime: 900,
      }),
      false,
    ],
    [
      'a connection refused, retries exhausted',
      new KafkaJSNumberOfRetriesExceeded(
        new KafkaJSConnectionError('Connection error: connect ECONNREFUSED'),
        { retryCount: 0, retryTime: 300 },
      ),
      false,
    ],
    ['a connection error', new KafkaJSConnectionError('Connection error'), false],
    ['a retriable client error', new KafkaJSError('Request timed out'), false],
    ['anything else', new Error('boom'), false],
  ])('%s: %s', (_, error, refusal) => {
    expect(isRecordRefusal(error)).toBe(refusal);
  });

  it("names Kafka's error type in the reason", () => {
    const error = notRetried(protocolError('MESSAGE_TOO_LARGE', 10, false));
    expect(refusalReason(error)).toBe('MESSAGE_TOO_LARGE: MESSAGE_TOO_LARGE from the broker');
  });
});
