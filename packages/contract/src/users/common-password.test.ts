import { describe, expect, it } from 'vitest';
import { commonPasswordSet, isCommonPassword } from './common-password';

describe('isCommonPassword', () => {
  const list = commonPasswordSet(['password', 'Qwerty123', 'iloveyou']);

  it.each([
    ['password', true],
    ['PASSWORD', true],
    ['qwerty123', true],
    ['ILoveYou', true],
    ['password1', false],
    ['correct horse battery staple', false],
  ])('says %j is common: %s', (password, expected) => {
    expect(isCommonPassword(password, list)).toBe(expected);
  });
});
