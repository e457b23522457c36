import { describe, expect, it } from 'vitest';
import { KAFKA_DEFAULTS } from './kafka-adapter.schema';
import { checkKafkaTopicName } from './kafka-topic-name';
import {
  checkHeraldTopicPattern,
  checkKafkaTopicPattern,
  heraldTopicFor,
  kafkaTopicFor,
  type KafkaRecordPlace,
} from './kafka-topic-patterns';

const record: KafkaRecordPlace = { topic: 'prices', partition: 3, key: 'EURUSD' };

describe('heraldTopicFor', () => {
  it.each([
    [KAFKA_DEFAULTS.heraldTopicPattern, record, 'kafka/prices/3'],
    ['fx/${key}', record, 'fx/EURUSD'],
    ['${topic}', record, 'prices'],
    ['in/${topic}/${partition}/${key}', record, 'in/prices/3/EURUSD'],
    ['fx/${key}', { ...record, key: 'eu/fr' }, 'fx/eu/fr'],
    ['plain/path', record, 'plain/path'],
  ])('%s for %o gives %s', (pattern, place, expected) => {
    expect(heraldTopicFor(pattern, place)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [
      'fx/${key}',
      { ...record, key: null },
      'uses ${key} but the record from Kafka topic "prices" has no key',
    ],
    ['fx/${key}', { ...record, key: '' }, 'must not end with /'],
    ['fx/${key}', { ...record, key: 'a+b' }, 'must not contain +, # or a NUL character'],
    ['fx/${key}/x', { ...record, key: 'a//b' }, 'must not have an empty segment'],
    ['/${topic}', record, 'must not start with /'],
    ['${key}', { ...record, key: '$SYS/x' }, 'under $SYS, which belongs to the runtime'],
    [
      'kafka/${offset}',
      record,
      'unknown placeholder "${offset}"; the placeholders are ${topic}, ${partition}, ${key}',
    ],
    ['kafka/${topic', record, 'has a "${" without its closing "}"'],
    ['', record, 'A topic path must not be empty'],
  ])('%s for %o is refused: %s', (pattern, place, message) => {
    const result = heraldTopicFor(pattern, place);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });
});

describe('kafkaTopicFor', () => {
  it.each([
    [KAFKA_DEFAULTS.kafkaTopicPattern, 'sensors/room-1/temp', 'sensors.room-1.temp'],
    ['herald-${topic}', 'a/b', 'herald-a.b'],
    ['fixed_topic', 'a/b', 'fixed_topic'],
  ])('%s for %s gives %s', (pattern, path, expected) => {
    expect(kafkaTopicFor(pattern, path)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [
      '${topic}',
      'rooms/first floor',
      'contains " "; Kafka allows only letters, digits, ".", "_" and "-"',
    ],
    ['out/${topic}', 'a', 'contains "/"'],
    ['${topic}', 'a'.repeat(250), 'is 250 characters long; Kafka allows at most 249'],
    ['${partition}', 'a', 'unknown placeholder "${partition}"; the placeholders are ${topic}'],
  ])('%s for %s is refused: %s', (pattern, path, message) => {
    const result = kafkaTopicFor(pattern, path);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });
});

describe('checkKafkaTopicName', () => {
  it.each([
    ['prices', true],
    ['a.b_c-D9', true],
    ['x'.repeat(249), true],
    ['x'.repeat(250), false],
    ['', false],
    ['.', false],
    ['..', false],
    ['...', true],
    ['prices€', false],
    ['a:b', false],
  ])('%s valid: %s', (name, valid) => {
    expect(checkKafkaTopicName(name).ok).toBe(valid);
  });

  it('names each illegal character once', () => {
    expect(checkKafkaTopicName('a b c/d')).toEqual({
      ok: false,
      message:
        'Kafka topic name "a b c/d" contains " ", "/"; Kafka allows only letters, digits, ".", "_" and "-"',
    });
  });
});

describe('save-time pattern checks', () => {
  it.each([
    [KAFKA_DEFAULTS.heraldTopicPattern, true],
    ['fx/${key}', true],
    ['fx/#', false],
    ['fx//${topic}', false],
    ['${nope}', false],
  ])('heraldTopicPattern %s valid: %s', (pattern, valid) => {
    expect(checkHeraldTopicPattern(pattern).ok).toBe(valid);
  });

  it.each([
    [KAFKA_DEFAULTS.kafkaTopicPattern, true],
    ['out.${topic}', true],
    ['out/${topic}', false],
    ['..', false],
    ['${key}', false],
  ])('kafkaTopicPattern %s valid: %s', (pattern, valid) => {
    expect(checkKafkaTopicPattern(pattern).ok).toBe(valid);
  });
});
