import type { TopicProperties, TopicType } from '@herald/contract/topics/topic.schema';
import { valueTypeOf } from '@herald/contract/topics/value-input';

/** A topic value as a person reads it: the text, and for BINARY the size of the bytes behind the base64. */
export interface FormattedValue {
  text: string;
  /** BINARY only: how many bytes the value holds. */
  byteSize?: number;
  isEmpty: boolean;
}

/** Bytes encoded by a base64 string (padding aware). */
export function base64ByteSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/**
 * Formats a wire value (topic.schema.ts `topicSchema.value`, or a live payload decoded by the contract's
 * decodeTopicValue) per the topic's value type: JSON pretty-printed (or on one line for a tree row), text as is,
 * numbers as digits, BINARY as its base64 with the byte count.
 */
export function formatTopicValue(
  type: TopicType,
  properties: TopicProperties,
  value: unknown,
  layout: 'pretty' | 'line' = 'pretty',
): FormattedValue {
  if (value === null || value === undefined) return { text: 'No value', isEmpty: true };
  const valueType = valueTypeOf(type, properties);
  if (valueType === 'BINARY' && typeof value === 'string') {
    return { text: value, byteSize: base64ByteSize(value), isEmpty: false };
  }
  if (valueType === 'JSON') {
    return {
      text: layout === 'pretty' ? JSON.stringify(value, null, 2) : JSON.stringify(value),
      isEmpty: false,
    };
  }
  return { text: typeof value === 'string' ? value : JSON.stringify(value), isEmpty: false };
}

/** "1 byte", "2,048 bytes". */
export function formatByteSize(size: number): string {
  return `${size.toLocaleString('en')} ${size === 1 ? 'byte' : 'bytes'}`;
}
