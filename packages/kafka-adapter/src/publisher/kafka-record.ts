import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import { PAYLOAD_CONVERTERS } from '@herald/contract/kafka/payload-converter-chain';
import { kafkaTopicFor } from '@herald/contract/kafka/kafka-topic-patterns';
import { ConversionFailure, PayloadConversionError } from '../converters/conversion-error';
import type { ConverterChain } from '../converters/converter-chain';
import { writeKafkaValue } from '../converters/kafka-value-types';
import type { Payload } from '../converters/payload';

/**
 * One value of our topic → the Kafka record a publisher produces (issue 27 item 4): the Kafka topic by
 * `kafkaTopicPattern`, the key `keyValue` (null: the topic path), the value through the converter chain and then
 * written as `valueType`.
 */
export interface KafkaRecordOut {
  kafkaTopic: string;
  key: Buffer;
  value: Buffer;
}

/** Why a value was not produced: the record cannot be made, said in words. */
export class RecordRefused extends Error {
  override name = 'RecordRefused';
  constructor(
    message: string,
    readonly kind: 'topicName' | 'conversion',
  ) {
    super(message);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseJsonText(text: string): Payload {
  try {
    return { kind: 'json', value: JSON.parse(text) as never };
  } catch {
    throw new ConversionFailure(`the value is not JSON text, which converter 1 takes`);
  }
}

/**
 * The value an MQTT payload of our topic starts the chain as. The runtime sends JSON topics as JSON text, STRING as
 * UTF-8, INT64 and DOUBLE as their decimal text, BINARY as the bytes (contract topics/topic-values.ts), and the
 * publisher does not know the topic's type, so it reads the payload the way the runtime infers a type: JSON when it
 * is a JSON object or array, else text when it is UTF-8, else bytes. A chain whose first converter takes only JSON
 * gets any JSON value (`42`, `"x"`); a numeric `valueType` without a chain reads decimal text as the number.
 */
export function payloadOfTopicValue(
  bytes: Buffer,
  chain: readonly { name: string }[],
  valueType: KafkaPublisher['valueType'],
): Payload {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { kind: 'bytes', value: bytes };
  }
  const first = chain[0]?.name as keyof typeof PAYLOAD_CONVERTERS | undefined;
  const takes: readonly string[] | undefined = first ? PAYLOAD_CONVERTERS[first]?.from : undefined;
  if (takes !== undefined && takes.length === 1 && takes[0] === 'json') return parseJsonText(text);
  if (takes === undefined && (valueType === 'INTEGER' || valueType === 'LONG')) {
    if (INTEGER_TEXT.test(text.trim())) return { kind: 'long', value: BigInt(text.trim()) };
  }
  if (takes === undefined && valueType === 'DOUBLE' && DECIMAL_TEXT.test(text.trim())) {
    return { kind: 'number', value: Number(text.trim()) };
  }
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { kind: 'json', value: JSON.parse(text) as never };
    } catch {
      // not JSON after all: text
    }
  }
  return { kind: 'string', value: text };
}

export interface RecordMaker {
  make(topicPath: string, payload: Buffer): Promise<KafkaRecordOut>;
}

export function recordMaker(publisher: KafkaPublisher, chain: ConverterChain): RecordMaker {
  const fixedKey = publisher.keyValue === null ? null : Buffer.from(publisher.keyValue, 'utf8');
  return {
    async make(topicPath, bytes) {
      const named = kafkaTopicFor(publisher.kafkaTopicPattern, topicPath);
      if (!named.ok) throw new RecordRefused(named.message, 'topicName');
      const kafkaTopic = named.value;
      const record = { topicPath };
      try {
        const start = payloadOfTopicValue(bytes, publisher.payloadConverters, publisher.valueType);
        const converted = await chain.convert(start, { record, kafkaTopic });
        const value = Buffer.from(writeKafkaValue(publisher.valueType, converted));
        return { kafkaTopic, key: fixedKey ?? Buffer.from(topicPath, 'utf8'), value };
      } catch (error) {
        if (error instanceof PayloadConversionError) {
          throw new RecordRefused(error.message, 'conversion');
        }
        if (error instanceof ConversionFailure) {
          throw new RecordRefused(
            `The value of topic "${topicPath}" cannot be sent as ${publisher.valueType}: ${error.message}`,
            'conversion',
          );
        }
        throw error;
      }
    },
  };
}
