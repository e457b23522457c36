import { describe, expect, it } from 'vitest';
import {
  NO_SESSION_PROPERTIES,
  parseUsername,
  trustedSessionProperties,
} from './session-properties';

describe('a username proposes session properties after "?"', () => {
  it.each([
    [undefined, '', {}],
    ['sensor-7', 'sensor-7', {}],
    ['sensor-7?Department=north&Region=eu', 'sensor-7', { Department: 'north', Region: 'eu' }],
    ['?Department=north', '', { Department: 'north' }],
    ['a?X=1&X=2', 'a', { X: '1' }],
    ['a?City=S%C3%A3o%20Paulo', 'a', { City: 'São Paulo' }],
    ['a?', 'a', {}],
  ])('%s logs in as "%s" proposing %o', (username, name, proposed) => {
    expect(parseUsername(username)).toEqual({ name, proposed });
  });

  it('keeps __proto__ an ordinary key that no rule trusts', () => {
    const { proposed } = parseUsername('a?__proto__=x');
    expect(Object.getPrototypeOf(proposed)).toBe(Object.prototype);
    expect(trustedSessionProperties(proposed, {}).kept).toEqual({});
  });

  it('gives every session that keeps none the same frozen empty record (no object a session)', () => {
    expect(trustedSessionProperties({}, {}).kept).toBe(NO_SESSION_PROPERTIES);
    expect(trustedSessionProperties({ X: '1' }, {}).kept).toBe(NO_SESSION_PROPERTIES);
    expect(Object.isFrozen(NO_SESSION_PROPERTIES)).toBe(true);
  });
});

describe('only trusted, matching properties are kept', () => {
  const trusted = {
    Department: { type: 'values' as const, values: ['north', 'south'] },
    Serial: { type: 'regex' as const, regex: '[0-9]{4}' },
    Broken: { type: 'regex' as const, regex: '(a)\\1' },
  };

  it('keeps listed values and whole-value regex matches, and drops the rest with a reason', () => {
    const verdict = trustedSessionProperties(
      {
        Department: 'north',
        Serial: '1234',
        Region: 'eu',
        $Principal: 'admin',
      },
      trusted,
    );
    expect(verdict.kept).toEqual({ Department: 'north', Serial: '1234' });
    expect(verdict.dropped).toEqual([
      { name: 'Region', reason: 'not a trusted property' },
      { name: '$Principal', reason: '$Principal is set by the runtime, not proposed' },
    ]);
  });

  it.each([
    ['Department', 'east', 'value is not one of the trusted values'],
    ['Serial', '12345', 'value does not match the trusted regex'],
    ['Serial', 'x1234', 'value does not match the trusted regex'],
  ])('drops %s=%s: %s', (name, value, reason) => {
    expect(trustedSessionProperties({ [name]: value }, trusted)).toEqual({
      kept: {},
      dropped: [{ name, reason }],
    });
  });

  it('drops a property whose rule cannot be matched in linear time instead of failing the login', () => {
    const verdict = trustedSessionProperties({ Broken: 'aa' }, trusted);
    expect(verdict.kept).toEqual({});
    expect(verdict.dropped[0]?.reason).toMatch(/^the trusted regex cannot be used: /);
  });
});
