import { describe, expect, it } from 'vitest';
import { consoleEntryAction } from './console-entry';

describe('the Console entry', () => {
  it.each([
    [true, ['User'], 'sso'],
    [true, ['Admin'], 'sso'],
    [true, ['Owner'], 'sso'],
    [false, ['Admin'], 'setup-admin-user'],
    [false, ['Owner'], 'setup-admin-user'],
    [false, ['User'], 'login-page'],
    [false, [], 'login-page'],
  ] as const)('with single sign-on %s and roles %j: %s', (useConsoleSso, roles, action) => {
    expect(consoleEntryAction({ useConsoleSso, roles })).toBe(action);
  });
});
