/**
 * Kafka's own topic-name rules (Kafka's `Topic.validate`): only ASCII letters, digits, `.`, `_` and `-`;
 * at most 249 characters; not `.` or `..`. A name the broker would refuse is refused here, in words, before a
 * publisher produces to it.
 */
export const KAFKA_TOPIC_NAME_MAX_LENGTH = 249;

export type KafkaTopicNameCheck = { ok: true } | { ok: false; message: string };

export function checkKafkaTopicName(name: string): KafkaTopicNameCheck {
  if (name.length === 0) return { ok: false, message: 'A Kafka topic name must not be empty' };
  if (name === '.' || name === '..') {
    return { ok: false, message: `A Kafka topic name cannot be "${name}"` };
  }
  if (name.length > KAFKA_TOPIC_NAME_MAX_LENGTH) {
    return {
      ok: false,
      message: `Kafka topic name "${name.slice(0, 40)}…" is ${name.length} characters long; Kafka allows at most ${KAFKA_TOPIC_NAME_MAX_LENGTH}`,
    };
  }
  const illegal = [...new Set(name.replace(/[a-zA-Z0-9._-]/g, ''))];
  if (illegal.length > 0) {
    const listed = illegal.map((character) => JSON.stringify(character)).join(', ');
    return {
      ok: false,
      message: `Kafka topic name "${name}" contains ${listed}; Kafka allows only letters, digits, ".", "_" and "-"`,
    };
  }
  return { ok: true };
}
