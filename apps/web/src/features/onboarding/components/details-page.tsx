import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { profileDetailsSchema } from '@herald/contract/users/profile-details';
import type { User } from '@herald/contract/users/user.schema';
import { PageCard } from '../../../components/page-card';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useUpdateDetailsMutation } from '../api/update-details-mutation';
import { NameFields } from '../../../components/name-fields';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

/**
 * The onboarding details: all three are required, because the user's details count as complete
 * (spec section 3, detailsComplete) only with first name, last name and company — the contract's
 * one rule, which the sign-up form applies too.
 */
export const detailsFormSchema = profileDetailsSchema;

export interface DetailsPageProps {
  user: User;
  /** After the save: fetch the user again so the gate moves on. */
  onSaved: () => Promise<void>;
}

/** `/onboarding/details` (spec section 4: a verified user with incomplete details lands here). */
export function DetailsPage({ user, onSaved }: DetailsPageProps) {
  const updateDetails = useUpdateDetailsMutation({ onSaved });
  // Prefilled once: a background refetch of the user never resets what is being typed.
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      company: user.company ?? '',
    },
    validate: zodResolver(detailsFormSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    updateDetails.mutate(detailsFormSchema.parse(values), {
      onError: (error) => {
        if (isApiError(error)) form.setErrors(issuesToFieldErrors(error.issues));
      },
    });
  }, focusFirstInvalidField);

  return (
    <PageCard
      title="Tell us about yourself"
      description="A few details to finish setting up your account."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {updateDetails.isError && (
            <Alert color="red" variant="light" role="alert">
              {inlineErrorText(updateDetails.error)}
            </Alert>
          )}
          <NameFields
            firstName={form.getInputProps('firstName')}
            lastName={form.getInputProps('lastName')}
            sideBySide={false}
          />
          <TextInput
            label="Company"
            autoComplete="organization"
            required
            {...form.getInputProps('company')}
          />
          <Button type="submit" fullWidth loading={updateDetails.isPending}>
            Continue
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}
