import { describe, expect, it } from 'vitest';
import { systemPrincipalSchema } from '../principals/system-principal.schema';
import { principalNameSchema, roleNameSchema } from '../security/security.schema';
import { DOT_SEGMENT_MESSAGE, isDotSegment } from './path-segment';

describe('names that travel as one URL path segment', () => {
  it.each([
    ['.', true],
    ['..', true],
    ['...', false],
    ['.hidden', false],
    ['a..b', false],
    ['%2E%2E', false],
    ['', false],
  ])('%j is a dot segment: %s', (segment, expected) => {
    expect(isDotSegment(segment)).toBe(expected);
  });

  it.each([
    ['a role name', roleNameSchema, 'Role name'],
    ['a principal name', principalNameSchema, 'Principal name'],
  ])('%s that is only dots is refused, naming the rule', (_name, schema, label) => {
    for (const name of ['.', '..', ' .. ']) {
      const parsed = schema.safeParse(name);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        `${label} ${DOT_SEGMENT_MESSAGE}`,
      ]);
    }
    expect(schema.safeParse('...').success).toBe(true);
    expect(schema.safeParse('v1.2').success).toBe(true);
  });

  it("refuses the console admin user's name '..'", () => {
    const parsed = systemPrincipalSchema.safeParse({ name: '..', password: 'secret' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      `Username ${DOT_SEGMENT_MESSAGE}`,
    ]);
  });
});
