import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { csvToJson } from './csv-to-json';

describe('parseCsv (RFC 4180)', () => {
  it.each<[string, string[][]]>([
    ['a,b,c', [['a', 'b', 'c']]],
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['"x, y",z', [['x, y', 'z']]],
    ['"say ""hi""",2', [['say "hi"', '2']]],
    ['"two\nlines",2', [['two\nlines', '2']]],
    ['a,,c', [['a', '', 'c']]],
    ['a,', [['a', '']]],
    ['""', [['']]],
    ['', []],
  ])('%j', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it.each([
    ['"open,1', 'row 1 has a quoted field that is never closed'],
    ['a\n"x"y', 'row 2 has text after a closing quote'],
    ['ab"c', 'row 1 has a quote inside an unquoted field'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseCsv(text)).toThrow(message);
  });
});

describe('$CSV_to_JSON', () => {
  it.each<[string, string, string[] | undefined, unknown]>([
    ['one row without headers', '1.1,1.2', undefined, ['1.1', '1.2']],
    ['one row with headers', '1.1,1.2', ['bid', 'ask'], { bid: '1.1', ask: '1.2' }],
    [
      'rows with headers',
      '1.1,1.2\n1.3,1.4\n',
      ['bid', 'ask'],
      [
        { bid: '1.1', ask: '1.2' },
        { bid: '1.3', ask: '1.4' },
      ],
    ],
    [
      'rows without headers',
      'a,b\nc,d',
      undefined,
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
  ])('%s', (_case, text, headers, value) => {
    expect(csvToJson({ kind: 'string', value: text }, headers)).toEqual({ kind: 'json', value });
  });

  it('reads UTF-8 bytes', () => {
    const value = new TextEncoder().encode('Zürich,3');
    expect(csvToJson({ kind: 'bytes', value }, ['city', 'n'])).toEqual({
      kind: 'json',
      value: { city: 'Zürich', n: '3' },
    });
  });

  it.each<[string, string, string[] | undefined, string]>([
    [
      'a row with too few fields',
      '1.1,1.2\n1.3',
      ['bid', 'ask'],
      'row 2 has 1 field but there are 2 headers (bid, ask)',
    ],
    [
      'a row with too many fields',
      '1,2,3',
      ['bid', 'ask'],
      'row 1 has 3 fields but there are 2 headers (bid, ask)',
    ],
    ['empty text', '', undefined, 'the CSV text is empty'],
  ])('refuses %s', (_case, text, headers, message) => {
    expect(() => csvToJson({ kind: 'string', value: text }, headers)).toThrow(message);
  });
});
