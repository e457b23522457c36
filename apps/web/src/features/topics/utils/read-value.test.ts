import { TOPIC_TYPES } from '@herald/contract/topics/topic.schema';
import { checkTopicValue } from '@herald/contract/topics/topic-values';
import { describe, expect, it } from 'vitest';
import { readValueText } from './read-value';

describe('reading typed text as a topic value', () => {
  it.each([
    ['INT64', {}, '12', 12],
    ['DOUBLE', {}, '0.25', 0.25],
    ['TIME_SERIES', { TIME_SERIES_EVENT_VALUE_TYPE: 'STRING' }, 'on', 'on'],
  ] as const)('%s %j "%s" → %j', (type, properties, text, value) => {
    expect(readValueText(type, properties, text)).toEqual({ ok: true, value });
  });

  it('names what is wrong with text that does not fit', () => {
    expect(readValueText('INT64', {}, '1.5')).toMatchObject({
      ok: false,
      message: expect.stringContaining('INT64'),
    });
  });

  it('never lets through a value the runtime rules refuse, for any type', () => {
    const samples = [
      '',
      '0',
      '-1',
      '1.5',
      'abc',
      '{"a":1}',
      'SGVsbG8=',
      '9223372036854775807',
      '1e400',
    ];
    for (const type of TOPIC_TYPES) {
      for (const text of samples) {
        const read = readValueText(type, {}, text);
        if (read.ok)
          expect(checkTopicValue(type, {}, read.value), `${type} "${text}"`).toEqual({ ok: true });
      }
    }
  });
});
