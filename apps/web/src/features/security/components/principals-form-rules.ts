import {
  principalNameSchema,
  principalPasswordSchema,
} from '@herald/contract/security/security.schema';

/*
 * Field checks of the principal dialogs with the contract's own schemas (the runtime checks the same), plus the
 * confirmation field, which only the form has.
 */

export function principalNameError(name: string): string | null {
  const result = principalNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid name');
}

export interface PasswordErrors {
  password: string | null;
  confirmPassword: string | null;
}

export function passwordErrors(password: string, confirmPassword: string): PasswordErrors {
  const result = principalPasswordSchema.safeParse(password);
  return {
    password: result.success ? null : (result.error.issues[0]?.message ?? 'Invalid password'),
    confirmPassword: confirmPassword === password ? null : 'The two passwords are not the same',
  };
}
