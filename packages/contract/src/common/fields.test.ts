import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  MAX_UNIX_SECONDS,
  passwordSchema,
  queryIntegerSchema,
  queryUnixSecondsSchema,
  requiredText,
} from './fields';

describe('field building blocks', () => {
  it('trim required text and name the field in messages', () => {
    const schema = requiredText('Label', 5);
    expect(schema.parse('  abc ')).toBe('abc');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Label is required');
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe(
      'Label must be at most 5 characters',
    );
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Label is required');
  });

  it('normalise e-mail addresses', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailSchema.safeParse('ada@example').success).toBe(false);
  });

  it('reject a blank password of valid length', () => {
    expect(passwordSchema.safeParse('         ').error?.issues[0]?.message).toBe(
      'Password must not be blank',
    );
  });

  it('coerce query integers and bound them', () => {
    const limit = queryIntegerSchema('limit', 1, 10);
    expect(limit.parse('7')).toBe(7);
    expect(limit.safeParse('7.5').error?.issues[0]?.message).toBe('limit must be a whole number');
    expect(limit.safeParse('11').error?.issues[0]?.message).toBe('limit must be at most 10');
    expect(limit.safeParse('ten').error?.issues[0]?.message).toBe('limit must be a number');
  });

  it('bound unix seconds to the times a Date can hold', () => {
    const since = queryUnixSecondsSchema('since');
    expect(since.parse(String(MAX_UNIX_SECONDS))).toBe(MAX_UNIX_SECONDS);
    expect(new Date(MAX_UNIX_SECONDS * 1000).getTime()).toBe(MAX_UNIX_SECONDS * 1000);
    expect(since.safeParse(String(MAX_UNIX_SECONDS + 1)).error?.issues[0]?.message).toBe(
      `since must be at most ${MAX_UNIX_SECONDS}`,
    );
    expect(since.safeParse('-1').error?.issues[0]?.message).toBe('since must be at least 0');
  });
});
