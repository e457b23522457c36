import { describe, expect, it } from 'vitest';
import { base64ByteSize, formatByteSize, formatTopicValue } from './format-value';

describe('formatTopicValue', () => {
  it('pretty-prints JSON, or on one line for a row', () => {
    expect(formatTopicValue('JSON', {}, { a: 1 }).text).toBe('{\n  "a": 1\n}');
    expect(formatTopicValue('JSON', {}, { a: 1 }, 'line').text).toBe('{"a":1}');
  });

  it('shows BINARY as its base64 with the byte count', () => {
    expect(formatTopicValue('BINARY', {}, 'SGVsbG8=')).toEqual({
      text: 'SGVsbG8=',
      byteSize: 5,
      isEmpty: false,
    });
    expect(base64ByteSize('')).toBe(0);
    expect(base64ByteSize('AAAA')).toBe(3);
    expect(base64ByteSize('AA==')).toBe(1);
  });

  it('follows a time series’ event value type', () => {
    expect(
      formatTopicValue('TIME_SERIES', { TIME_SERIES_EVENT_VALUE_TYPE: 'BINARY' }, 'AA==').byteSize,
    ).toBe(1);
    expect(formatTopicValue('TIME_SERIES', {}, [1, 2]).text).toBe('[\n  1,\n  2\n]');
  });

  it('shows text and numbers as they are, and says when there is no value', () => {
    expect(formatTopicValue('STRING', {}, 'hi').text).toBe('hi');
    expect(formatTopicValue('INT64', {}, '9223372036854775807').text).toBe('9223372036854775807');
    expect(formatTopicValue('DOUBLE', {}, 21.5).text).toBe('21.5');
    expect(formatTopicValue('STRING', {}, null)).toEqual({ text: 'No value', isEmpty: true });
    expect(formatByteSize(1)).toBe('1 byte');
    expect(formatByteSize(2048)).toBe('2,048 bytes');
  });
});
