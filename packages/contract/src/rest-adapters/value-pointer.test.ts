import { describe, expect, it } from 'vitest';
import { parseValuePointer, pointInto } from './value-pointer';

const steps = (text: string) => {
  const parsed = parseValuePointer(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.steps;
};

describe('a value pointer', () => {
  it.each([
    ['$', []],
    [
      '$.data.price',
      [
        { kind: 'member', name: 'data' },
        { kind: 'member', name: 'price' },
      ],
    ],
    [
      '$.items[0].name',
      [
        { kind: 'member', name: 'items' },
        { kind: 'index', index: 0 },
        { kind: 'member', name: 'name' },
      ],
    ],
    [
      "$['a key'].v",
      [
        { kind: 'member', name: 'a key' },
        { kind: 'member', name: 'v' },
      ],
    ],
    ['$["it\\"s"]', [{ kind: 'member', name: 'it"s' }]],
  ])('parses %s', (text, expected) => {
    expect(steps(text)).toEqual(expected);
  });

  it.each([
    ['data.price', 'A value pointer starts with "$"'],
    ['$.', 'Expected a member name after "." at position 2 of the value pointer'],
    ['$.a[x]', 'Expected an index or a quoted name after "[" at position 4 of the value pointer'],
    ['$.a b', 'Expected "." or "[" at position 4 of the value pointer'],
    ['$..a', 'Expected a member name after "." at position 2 of the value pointer'],
  ])('rejects %s with where and what', (text, error) => {
    expect(parseValuePointer(text)).toEqual({ ok: false, error });
  });

  it('picks one value out of a document', () => {
    const doc = { data: { price: 12.5, tags: ['a', 'b'] } };
    expect(pointInto(doc, steps('$.data.price'))).toEqual({ found: true, value: 12.5 });
    expect(pointInto(doc, steps('$.data.tags[1]'))).toEqual({ found: true, value: 'b' });
    expect(pointInto(doc, steps('$'))).toEqual({ found: true, value: doc });
  });

  it('says where the document ends when the value is missing', () => {
    const doc = { data: { tags: ['a'] } };
    expect(pointInto(doc, steps('$.data.tags[3]'))).toEqual({
      found: false,
      missingAt: '$.data.tags[3]',
    });
    expect(pointInto(doc, steps('$.data.price.eur'))).toEqual({
      found: false,
      missingAt: '$.data.price',
    });
    expect(pointInto(doc, steps('$.toString'))).toEqual({ found: false, missingAt: '$.toString' });
  });
});
