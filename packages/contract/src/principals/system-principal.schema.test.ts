import { describe, expect, it } from 'vitest';
import { setupAdminUserFormSchema, systemPrincipalSchema } from './system-principal.schema';

describe('the system principal', () => {
  it('defaults to admin with role ADMINISTRATOR (section 3)', () => {
    expect(systemPrincipalSchema.parse({ password: 'p' })).toEqual({
      name: 'admin',
      password: 'p',
      roles: ['ADMINISTRATOR'],
    });
  });
});

describe('the setup admin user form', () => {
  it('accepts a username with matching passwords', () => {
    expect(
      setupAdminUserFormSchema.safeParse({
        name: 'ops',
        password: 's3cret',
        confirmPassword: 's3cret',
      }).success,
    ).toBe(true);
  });

  it("says 'Passwords must match' on the confirmation when they differ", () => {
    const result = setupAdminUserFormSchema.safeParse({
      name: 'ops',
      password: 'a',
      confirmPassword: 'b',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords must match' }),
    ]);
  });

  it('requires username and password', () => {
    const result = setupAdminUserFormSchema.safeParse({
      name: ' ',
      password: '',
      confirmPassword: '',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Username is required',
      'Password is required',
    ]);
  });
});
