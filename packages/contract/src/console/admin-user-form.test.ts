import { describe, expect, it } from 'vitest';
import {
  ADMIN_USER_ROLES,
  EMPTY_ADMIN_USER_FORM,
  adminUserFormState,
  adminUserRequest,
} from './admin-user-form';
import { TOKEN_MQTT_USERNAME } from '../services/service-token';
import { adminPrincipalRequestSchema } from './console.schema';
import { CONSOLE_TOKEN_USERNAME } from './console-wire';

const good = { username: 'ops', password: 'correct horse', confirmPassword: 'correct horse' };

describe('the Setup admin user form (sections 2 and 5)', () => {
  it('starts empty with role ADMINISTRATOR, and cannot be submitted empty', () => {
    expect(EMPTY_ADMIN_USER_FORM).toEqual({ username: '', password: '', confirmPassword: '' });
    expect(ADMIN_USER_ROLES).toEqual(['ADMINISTRATOR']);
    expect(adminUserFormState(EMPTY_ADMIN_USER_FORM)).toEqual({ canSubmit: false, errors: {} });
  });

  it('may be submitted with a username and matching passwords', () => {
    expect(adminUserFormState(good)).toEqual({ canSubmit: true, errors: {} });
  });

  it('stays disabled until a username is entered', () => {
    expect(adminUserFormState({ ...good, username: '' }).canSubmit).toBe(false);
    expect(adminUserFormState({ ...good, username: '   ' }).canSubmit).toBe(false);
  });

  it("says 'Passwords must match' under the confirmation when they differ, and stays disabled", () => {
    const state = adminUserFormState({ ...good, confirmPassword: 'correct horsE' });
    expect(state.canSubmit).toBe(false);
    expect(state.errors.confirmPassword).toBe('Passwords must match');
    expect(adminUserFormState({ ...good, confirmPassword: '' }).errors.confirmPassword).toBe(
      'Passwords must match',
    );
  });

  it('requires a password of at least 8 characters', () => {
    const state = adminUserFormState({ ...good, password: 'short', confirmPassword: 'short' });
    expect(state.canSubmit).toBe(false);
    expect(state.errors.password).toBe('Password must be at least 8 characters');
  });

  it('refuses names the runtime refuses (spaces, "/", a leading "$")', () => {
    for (const username of ['two words', 'a/b', '$SYS']) {
      const state = adminUserFormState({ ...good, username });
      expect(state.canSubmit, username).toBe(false);
      expect(state.errors.username, username).toBeDefined();
    }
  });

  it('sends the trimmed username and the password as typed', () => {
    const request = adminUserRequest({ ...good, username: '  ops ', password: ' pass word ' });
    expect(request).toEqual({ username: 'ops', password: ' pass word ' });
  });

  it('the server schema agrees with the form and refuses unknown fields', () => {
    expect(adminPrincipalRequestSchema.safeParse(adminUserRequest(good)).success).toBe(true);
    expect(
      adminPrincipalRequestSchema.safeParse({ username: 'ops', password: 'short' }).success,
    ).toBe(false);
    expect(
      adminPrincipalRequestSchema.safeParse({ ...adminUserRequest(good), roles: ['CLIENT'] })
        .success,
    ).toBe(false);
  });
});

describe('the console wire names', () => {
  it('sign in with the same token username as every other MQTT client', () => {
    expect(CONSOLE_TOKEN_USERNAME).toBe(TOKEN_MQTT_USERNAME);
  });
});
