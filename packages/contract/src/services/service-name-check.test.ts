import { describe, expect, it } from 'vitest';
import { SERVICE_NAME_REASONS, checkServiceName } from './service-name-check';

const nothingTaken = () => false;

describe('checkServiceName', () => {
  it.each([
    ['ab', 'Service name must be at least 3 characters'],
    ['a'.repeat(41), 'Service name must be at most 40 characters'],
    ['1abc', 'Service name must start with a lower-case letter'],
    ['Abc', 'Service name must start with a lower-case letter'],
    ['ab_c', 'Service name may contain only lower-case letters, digits and hyphens'],
    ['ab.c', 'Service name may contain only lower-case letters, digits and hyphens'],
    ['abc-', 'Service name must not end with a hyphen'],
  ])('refuses %j for its format with %j', (name, reason) => {
    expect(checkServiceName(name, nothingTaken)).toEqual({ valid: false, kind: 'format', reason });
  });

  it.each(['admin', 'www', 'herald'])('refuses the reserved name %j', (name) => {
    expect(checkServiceName(name, nothingTaken)).toEqual({
      valid: false,
      kind: 'reserved',
      reason: SERVICE_NAME_REASONS.reserved,
    });
  });

  it('refuses a name another service has', () => {
    expect(checkServiceName('sensors', (name) => name === 'sensors')).toEqual({
      valid: false,
      kind: 'taken',
      reason: SERVICE_NAME_REASONS.taken,
    });
  });

  it('checks the trimmed name', () => {
    const seen: string[] = [];
    expect(checkServiceName('  sensors-2  ', (name) => (seen.push(name), false))).toEqual({
      valid: true,
    });
    expect(seen).toEqual(['sensors-2']);
  });

  it('checks format before reserved and reserved before taken', () => {
    expect(checkServiceName('Admin', () => true)).toMatchObject({ kind: 'format' });
    expect(checkServiceName('admin', () => true)).toMatchObject({ kind: 'reserved' });
  });
});
