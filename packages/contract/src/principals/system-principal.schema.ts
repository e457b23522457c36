import { z } from 'zod';
import { PRINCIPAL_MESSAGES } from '../messages';
import { SYSTEM_PRINCIPAL_DEFAULT_NAME, SYSTEM_PRINCIPAL_DEFAULT_ROLE } from '../constants';
import { DOT_SEGMENT_MESSAGE, isDotSegment } from '../common/path-segment';

const principalNameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(100, 'Username must be at most 100 characters')
  .regex(/^[^\s/]*$/, 'Username must not contain spaces or "/"')
  .refine((name) => !isDotSegment(name), `Username ${DOT_SEGMENT_MESSAGE}`);

const principalPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(128, 'Password must be at most 128 characters');

/**
 * System principal, spec section 3: the service console's admin user, created in the service's
 * authentication store with role ADMINISTRATOR (section 6) by the setup admin user modal.
 */
export const systemPrincipalSchema = z.object({
  name: principalNameSchema.default(SYSTEM_PRINCIPAL_DEFAULT_NAME),
  password: principalPasswordSchema,
  roles: z.array(z.string().trim().min(1)).min(1).default([SYSTEM_PRINCIPAL_DEFAULT_ROLE]),
});
export type SystemPrincipal = z.infer<typeof systemPrincipalSchema>;

/**
 * The setup admin user modal (sections 2 and 5): username and password required, and the
 * confirmation must equal the password ('Passwords must match').
 */
export const setupAdminUserFormSchema = z
  .object({
    name: principalNameSchema,
    password: principalPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PRINCIPAL_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type SetupAdminUserForm = z.infer<typeof setupAdminUserFormSchema>;

/** The modal's values after submit or cancel (section 5: empty fields, role ADMINISTRATOR). */
export const EMPTY_SETUP_ADMIN_USER_FORM = { name: '', password: '', confirmPassword: '' } as const;
export const SETUP_ADMIN_USER_ROLES = [SYSTEM_PRINCIPAL_DEFAULT_ROLE] as const;
