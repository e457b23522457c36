import { FIELD_LIMITS, passwordSchema } from '@herald/contract/common/fields';
import { PRINCIPAL_MESSAGES } from '@herald/contract/messages';
import { z } from 'zod';

/** The rule shown under every new-password field (spec section 5 leaves it to us: 8..128). */
export const PASSWORD_RULE_TEXT = `At least ${FIELD_LIMITS.passwordMin} characters`;

/**
 * A new password typed twice (password reset, change password). The password follows the
 * contract's account rule; the confirmation must equal it ('Passwords must match', the wording
 * of spec section 5). Only `password` is sent.
 */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: PRINCIPAL_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;

export const EMPTY_NEW_PASSWORD: NewPasswordFormValues = { password: '', confirmPassword: '' };
