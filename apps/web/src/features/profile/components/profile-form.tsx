import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateUserRequestSchema, type User } from '@herald/contract/users/user.schema';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { showToast } from '../../../lib/ui/toast';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useUpdateProfileMutation } from '../api/update-profile-mutation';
import { NameFields } from '../../../components/name-fields';
import { readOnlyInputProps } from '../../../components/read-only-input';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

export const PROFILE_UPDATED_TEXT = 'Profile updated';

export interface ProfileFormProps {
  user: User;
  /** After a save: fetch the user again (names in the account menu). */
  onUpdated: () => Promise<void>;
}

/** First name, last name and company (PUT /v3/user). */
export function ProfileForm({ user, onUpdated }: ProfileFormProps) {
  const updateProfile = useUpdateProfileMutation();
  // Prefilled once: a background refetch of the user never resets what is being typed.
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      company: user.company ?? '',
    },
    validate: zodResolver(updateUserRequestSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    updateProfile.mutate(updateUserRequestSchema.parse(values), {
      onSuccess: () => {
        form.resetDirty();
        showToast({ variant: 'success', message: PROFILE_UPDATED_TEXT });
        void onUpdated();
      },
      onError: (error) => {
        if (isApiError(error)) form.setErrors(issuesToFieldErrors(error.issues));
      },
    });
  }, focusFirstInvalidField);

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-details-heading">
      <Stack gap="md">
        {updateProfile.isError && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(updateProfile.error)}
          </Alert>
        )}
        <NameFields
          firstName={form.getInputProps('firstName')}
          lastName={form.getInputProps('lastName')}
        />
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <TextInput
          label="E-mail"
          value={user.email}
          {...readOnlyInputProps(true)}
          description="Your login; it cannot be changed here."
        />
        <Group justify="flex-end">
          <Button type="submit" loading={updateProfile.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
