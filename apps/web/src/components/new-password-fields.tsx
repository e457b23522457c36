import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_RULE_TEXT, type NewPasswordFormValues } from '../lib/forms/new-password-form';

/** The new password typed twice, with the rule under it (password reset, change password). */
export function NewPasswordFields({ form }: { form: UseFormReturnType<NewPasswordFormValues> }) {
  return (
    <>
      <PasswordInput
        label="New password"
        description={PASSWORD_RULE_TEXT}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
