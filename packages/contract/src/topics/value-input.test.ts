import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './json-syntax';
import { formatValueForInput, parseValueInput, valueTypeOf } from './value-input';

describe('form text becomes the wire value of its type', () => {
  it.each([
    ['JSON', '{"a": [1, true, null]}', { a: [1, true, null] }],
    ['JSON', ' 42 ', 42],
    ['JSON', '"text"', 'text'],
    ['STRING', '', ''],
    ['STRING', '  spaced  ', '  spaced  '],
    ['INT64', '42', 42],
    ['INT64', ' -7 ', -7],
    ['INT64', '+5', 5],
    ['INT64', '9007199254740991', 9007199254740991],
    ['INT64', '9007199254740993', '9007199254740993'],
    ['INT64', '9223372036854775807', '9223372036854775807'],
    ['INT64', '-9223372036854775808', '-9223372036854775808'],
    ['DOUBLE', '21.5', 21.5],
    ['DOUBLE', '-1.2e3', -1200],
    ['DOUBLE', '.5', 0.5],
    ['DOUBLE', '7', 7],
    ['BINARY', 'SGVsbG8=', 'SGVsbG8='],
    ['BINARY', 'SGVs\nbG8=', 'SGVsbG8='],
    ['BINARY', '', ''],
  ] as const)('%s "%s" → %j', (type, text, value) => {
    expect(parseValueInput(type, text)).toEqual({ ok: true, value });
  });

  it.each([
    ['JSON', '', 'Enter a JSON value'],
    ['JSON', '{"a": }', 'JSON syntax error at line 1, column 7'],
    ['INT64', '4.2', 'An INT64 value is a whole number'],
    ['INT64', '', 'An INT64 value is a whole number'],
    ['INT64', '12abc', 'An INT64 value is a whole number'],
    [
      'INT64',
      '9223372036854775808',
      'must lie between -9223372036854775808 and 9223372036854775807',
    ],
    ['INT64', '-9223372036854775809', 'must lie between'],
    ['DOUBLE', 'abc', 'A DOUBLE value is a decimal number'],
    ['DOUBLE', 'NaN', 'A DOUBLE value is a decimal number'],
    ['DOUBLE', 'Infinity', 'A DOUBLE value is a decimal number'],
    ['DOUBLE', '', 'A DOUBLE value is a decimal number'],
    ['DOUBLE', '1e999', 'must be finite'],
    ['BINARY', 'SGVsbG8', 'A BINARY value is base64'],
    ['BINARY', 'not base64!', 'A BINARY value is base64'],
  ] as const)('%s "%s" is refused: %s', (type, text, message) => {
    const result = parseValueInput(type, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('a time series takes its event value type, JSON when none is set', () => {
    expect(valueTypeOf('TIME_SERIES', { TIME_SERIES_EVENT_VALUE_TYPE: 'INT64' })).toBe('INT64');
    expect(valueTypeOf('TIME_SERIES')).toBe('JSON');
    expect(parseValueInput('TIME_SERIES', '12', { TIME_SERIES_EVENT_VALUE_TYPE: 'INT64' })).toEqual(
      { ok: true, value: 12 },
    );
    expect(parseValueInput('TIME_SERIES', 'x', { TIME_SERIES_EVENT_VALUE_TYPE: 'DOUBLE' }).ok).toBe(
      false,
    );
  });
});

describe('JSON syntax errors name their line and column', () => {
  it.each([
    ['{"a": 1,}', 1, 9, 'expected a property name in quotes'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'expected , or }'],
    ['[1, 2', 1, 6, 'unexpected end of input'],
    ["{'a': 1}", 1, 2, 'expected a property name in quotes'],
    ['{"a": tru}', 1, 7, 'expected a value'],
    ['01', 1, 2, 'bad number'],
    ['"a\nb"', 1, 3, 'control character inside a string'],
    ['"\\x"', 1, 2, 'bad escape'],
    ['{} {}', 1, 4, 'after the end of the value'],
    ['\t{"a":\n\t\t}', 2, 3, 'expected a value'],
  ])('%j fails at line %i, column %i', (text, line, column, reason) => {
    const error = findJsonSyntaxError(text);
    expect(error).toMatchObject({ line, column });
    expect(error?.reason).toContain(reason);
  });

  it.each([
    '{}',
    '[]',
    '0',
    '-0.5e+3',
    '"\\u00e9\\n"',
    'true',
    ' null ',
    '{"a":{"b":[1,{"c":"d"}]}}',
  ])('%j is valid JSON', (text) => {
    expect(findJsonSyntaxError(text)).toBeNull();
    expect(() => JSON.parse(text) as unknown).not.toThrow();
  });

  it('agrees with JSON.parse on what is JSON', () => {
    const samples = [
      '{"a":1}',
      '{a:1}',
      '[1,]',
      '[,1]',
      '1.',
      '.1',
      '-',
      '"',
      'nul',
      '[[[]]]',
      '1e5',
      '1E+2',
    ];
    for (const sample of samples) {
      let parses = true;
      try {
        JSON.parse(sample);
      } catch {
        parses = false;
      }
      expect(findJsonSyntaxError(sample) === null, sample).toBe(parses);
    }
  });
});

describe('wire values become editable text', () => {
  it.each([
    ['JSON', { a: 1 }, '{\n  "a": 1\n}'],
    ['JSON', null, ''],
    ['STRING', 'hi', 'hi'],
    ['INT64', 42, '42'],
    ['INT64', '9223372036854775807', '9223372036854775807'],
    ['DOUBLE', 21.5, '21.5'],
    ['BINARY', 'SGVsbG8=', 'SGVsbG8='],
  ] as const)('%s %j → %j', (type, value, text) => {
    expect(formatValueForInput(type, value)).toBe(text);
  });
});
