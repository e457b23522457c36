import { checkTopicPath, isSysTopic } from '../topics/topic-path';
import { checkKafkaTopicName } from './kafka-topic-name';

/**
 * The topic-name mappings of a Kafka adapter (issue 27 items 3 and 4, DATA-PLANE "Adapters").
 *
 * Placeholders are written `${name}`, the syntax of the defaults the contract already holds
 * (`kafka/${topic}/${partition}`, `${topic}`; docs/decisions/047). A subscriber's `heraldTopicPattern` knows
 * `${topic}` (the Kafka topic), `${partition}` and `${key}` (the record key as text); a publisher's
 * `kafkaTopicPattern` knows `${topic}`, our topic path with `/` turned into `.`.
 */
export const HERALD_TOPIC_PLACEHOLDERS = ['topic', 'partition', 'key'] as const;
export const KAFKA_TOPIC_PLACEHOLDERS = ['topic'] as const;

export type PatternResult = { ok: true; value: string } | { ok: false; message: string };

type Part = { literal: string } | { placeholder: string };

function parsePattern(
  pattern: string,
  known: readonly string[],
): { ok: true; parts: Part[] } | { ok: false; message: string } {
  const parts: Part[] = [];
  let rest = pattern;
  while (rest.length > 0) {
    const start = rest.indexOf('${');
    if (start === -1) {
      parts.push({ literal: rest });
      break;
    }
    if (start > 0) parts.push({ literal: rest.slice(0, start) });
    const end = rest.indexOf('}', start);
    if (end === -1) {
      return { ok: false, message: `Pattern "${pattern}" has a "\${" without its closing "}"` };
    }
    const name = rest.slice(start + 2, end);
    if (!known.includes(name)) {
      const allowed = known.map((placeholder) => `\${${placeholder}}`).join(', ');
      return {
        ok: false,
        message: `Pattern "${pattern}" uses the unknown placeholder "\${${name}}"; the placeholders are ${allowed}`,
      };
    }
    parts.push({ placeholder: name });
    rest = rest.slice(end + 1);
  }
  return { ok: true, parts };
}

function render(parts: Part[], values: Record<string, string>): string {
  return parts
    .map((part) => ('literal' in part ? part.literal : values[part.placeholder]))
    .join('');
}

export interface KafkaRecordPlace {
  topic: string;
  partition: number;
  /** The record key as text; null when the record has none. */
  key: string | null;
}

/** The topic path a consumed Kafka record is written to, or why there is none (the record is then not written). */
export function heraldTopicFor(pattern: string, record: KafkaRecordPlace): PatternResult {
  const parsed = parsePattern(pattern, HERALD_TOPIC_PLACEHOLDERS);
  if (!parsed.ok) return parsed;
  const usesKey = parsed.parts.some((part) => 'placeholder' in part && part.placeholder === 'key');
  if (usesKey && record.key === null) {
    return {
      ok: false,
      message: `Pattern "${pattern}" uses \${key} but the record from Kafka topic "${record.topic}" has no key`,
    };
  }
  const path = render(parsed.parts, {
    topic: record.topic,
    partition: String(record.partition),
    key: record.key ?? '',
  });
  const check = checkTopicPath(path);
  if (!check.ok)
    return { ok: false, message: `Pattern "${pattern}" gives an invalid topic: ${check.message}` };
  if (isSysTopic(path)) {
    return {
      ok: false,
      message: `Pattern "${pattern}" gives "${path}", under $SYS, which belongs to the runtime`,
    };
  }
  return { ok: true, value: path };
}

/** The Kafka topic a value of our topic `topicPath` is produced to, or why there is none. */
export function kafkaTopicFor(pattern: string, topicPath: string): PatternResult {
  const parsed = parsePattern(pattern, KAFKA_TOPIC_PLACEHOLDERS);
  if (!parsed.ok) return parsed;
  const name = render(parsed.parts, { topic: topicPath.replaceAll('/', '.') });
  const check = checkKafkaTopicName(name);
  if (!check.ok)
    return {
      ok: false,
      message: `Pattern "${pattern}" gives an invalid Kafka topic: ${check.message}`,
    };
  return { ok: true, value: name };
}

// Save-time checks: a pattern is refused when it could never give a valid name. The sample values are valid in
// both naming schemes, so what fails is the pattern's own text.
const SAMPLE_RECORD: KafkaRecordPlace = { topic: 'sample', partition: 0, key: 'sample' };

export function checkHeraldTopicPattern(
  pattern: string,
): { ok: true } | { ok: false; message: string } {
  const result = heraldTopicFor(pattern, SAMPLE_RECORD);
  return result.ok ? { ok: true } : result;
}

export function checkKafkaTopicPattern(
  pattern: string,
): { ok: true } | { ok: false; message: string } {
  const result = kafkaTopicFor(pattern, 'sample');
  return result.ok ? { ok: true } : result;
}
