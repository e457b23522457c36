import { describe, expect, it } from 'vitest';
import {
  TOPIC_PROPERTY_RULES,
  checkTopicProperties,
  effectiveProperty,
  propertiesForType,
  topicOwner,
  withTypeDefaults,
} from './topic-properties';
import { TOPIC_PROPERTY_NAMES, type TopicType } from './topic.schema';

describe('checkTopicProperties', () => {
  it.each<[TopicType, Record<string, string>, string | null]>([
    ['JSON', {}, null],
    ['JSON', { PERSISTENT: 'false', DONT_RETAIN_VALUE: 'true' }, null],
    ['JSON', { PERSISTENT: 'yes' }, 'PERSISTENT must be "true" or "false"; got "yes"'],
    [
      'JSON',
      { TIME_SERIES_EVENT_VALUE_TYPE: 'JSON' },
      'TIME_SERIES_EVENT_VALUE_TYPE does not apply to a JSON topic (only TIME_SERIES)',
    ],
    ['TIME_SERIES', { TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE' }, null],
    [
      'TIME_SERIES',
      { TIME_SERIES_EVENT_VALUE_TYPE: 'TIME_SERIES' },
      'TIME_SERIES_EVENT_VALUE_TYPE must be "JSON", "STRING", "INT64", "DOUBLE" or "BINARY"; got "TIME_SERIES"',
    ],
    ['TIME_SERIES', { TIME_SERIES_RETAINED_RANGE: 'limit 10 last 1h' }, null],
    ['TIME_SERIES', { TIME_SERIES_RETAINED_RANGE: 'last 30s limit 5' }, null],
    [
      'TIME_SERIES',
      { TIME_SERIES_RETAINED_RANGE: 'limit ten' },
      'TIME_SERIES_RETAINED_RANGE limit must be a whole number from 1 to 100000; got "limit ten"',
    ],
    [
      'TIME_SERIES',
      { TIME_SERIES_RETAINED_RANGE: 'last 5 minutes' },
      'TIME_SERIES_RETAINED_RANGE must be "limit <n>", "last <duration>" or both; got "last 5 minutes"',
    ],
    [
      'TIME_SERIES',
      { DONT_RETAIN_VALUE: 'true' },
      'DONT_RETAIN_VALUE does not apply to a TIME_SERIES topic (only JSON, STRING, INT64, DOUBLE, BINARY)',
    ],
    ['STRING', { REMOVAL: 'when no updates for 10m' }, null],
    ['STRING', { REMOVAL: 'when subscriptions < 1 for 30s or time after 1767225600000' }, null],
    [
      'STRING',
      { REMOVAL: 'when nobody cares' },
      'REMOVAL "nobody cares" is not a removal condition; got "when nobody cares"',
    ],
    ['STRING', { OWNER: '$Principal is "alice"' }, null],
    ['STRING', { OWNER: 'alice' }, 'OWNER must be written $Principal is "name"; got "alice"'],
    ['JSON', { SCHEMA: '{"type":"object"}' }, null],
    ['JSON', { SCHEMA: '[1]' }, 'SCHEMA must be a JSON object; got "[1]"'],
    [
      'STRING',
      { CONFLATION: 'sometimes' },
      'CONFLATION must be "off", "conflate", "unsubscribe" or "always"; got "sometimes"',
    ],
    ['STRING', { COLOUR: 'red' }, 'COLOUR is not a topic property'],
  ])('%s %j → %s', (type, properties, message) => {
    const check = checkTopicProperties(type, properties);
    if (message === null) expect(check).toEqual({ ok: true });
    else expect(check).toMatchObject({ ok: false, message });
  });

  it('names the bad property', () => {
    expect(checkTopicProperties('INT64', { PRIORITY: 'urgent' })).toMatchObject({
      property: 'PRIORITY',
    });
  });
});

describe('property rules', () => {
  it('describes every property for people', () => {
    for (const name of TOPIC_PROPERTY_NAMES) {
      expect(TOPIC_PROPERTY_RULES[name].description.length).toBeGreaterThan(20);
    }
  });

  it('offers time series properties on time series only', () => {
    const names = (type: TopicType) => propertiesForType(type).map((rule) => rule.name);
    expect(names('TIME_SERIES')).toContain('TIME_SERIES_RETAINED_RANGE');
    expect(names('TIME_SERIES')).not.toContain('DONT_RETAIN_VALUE');
    expect(names('INT64')).not.toContain('TIME_SERIES_EVENT_VALUE_TYPE');
    expect(names('JSON')).toContain('SCHEMA');
    expect(names('STRING')).not.toContain('SCHEMA');
  });

  it('stores a time series with its event type and retained range', () => {
    expect(withTypeDefaults('TIME_SERIES', { TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE' })).toEqual({
      TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE',
      TIME_SERIES_RETAINED_RANGE: 'limit 1000',
    });
    expect(withTypeDefaults('JSON', {})).toEqual({});
  });

  it('falls back to the default of an unset property', () => {
    expect(effectiveProperty({}, 'PERSISTENT')).toBe('true');
    expect(effectiveProperty({ PERSISTENT: 'false' }, 'PERSISTENT')).toBe('false');
    expect(effectiveProperty({}, 'REMOVAL')).toBeNull();
  });

  it('reads the owner', () => {
    expect(topicOwner({ OWNER: '$Principal is "alice"' })).toBe('alice');
    expect(topicOwner({ OWNER: 'alice' })).toBeNull();
    expect(topicOwner({})).toBeNull();
  });
});
