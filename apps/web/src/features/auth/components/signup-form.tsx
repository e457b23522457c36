import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import type { InvitePreview } from '@herald/contract/members/invite-preview.schema';
import { signupFormSchema } from '@herald/contract/users/profile-details';
import { signupRequestSchema } from '@herald/contract/users/user.schema';
import { useSearchParams } from 'react-router';
import { readOnlyInputProps } from '../../../components/read-only-input';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { PASSWORD_RULE_TEXT } from '../../../lib/forms/new-password-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useStaticShellForm } from '../../../lib/painted-page/handover/use-static-shell-form';
import { useSignupMutation } from '../api/signup-mutation';
import { buildSignupMetadata } from '../utils/signup-metadata';
import { NameFields } from '../../../components/name-fields';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', company: '' };
/** The names of the form's inputs: the page painted from the HTML is this form, typed into before the app ran. */
const SIGNUP_FIELDS = ['firstName', 'lastName', 'email', 'password', 'company'] as const;

/**
 * The e-mail and password sign-up (POST /v3/user with metadata, spec section 7). A 400 means the
 * address already has an account, which the server mails (spec section 8); a validation 400
 * puts its issues on the fields; any other failure shows the server's message.
 */
export function SignupForm({
  invite,
  inviteToken,
}: {
  invite?: InvitePreview | undefined;
  /** The invitation link's token: the mail's proof of the address (docs/decisions/035). */
  inviteToken?: string | undefined;
}) {
  const [searchParams] = useSearchParams();
  const signup = useSignupMutation();
  // An invitee joins a team that exists: no company is asked (docs/decisions/035); everyone else
  // gives it here, as it is required.
  const schema = invite ? signupRequestSchema : signupFormSchema;
  const form = useForm({
    initialValues: invite ? { ...EMPTY, email: invite.email } : EMPTY,
    validate: zodResolver(schema),
  });

  // The plain sign-up page is painted from the HTML and usable before the app starts (docs/decisions/031).
  const formRef = useStaticShellForm(SIGNUP_FIELDS, form.setValues);

  const handleSubmit = form.onSubmit((values) => {
    const { company, ...request } = schema.parse(
      invite ? { ...values, company: undefined } : values,
    );
    signup.mutate(
      {
        ...request,
        ...(company ? { company } : {}),
        // The invitation is for this address only (decision 009): the field is locked to it.
        ...(invite ? { email: invite.email } : {}),
        ...(invite && inviteToken ? { invite: { id: invite.inviteId, token: inviteToken } } : {}),
        metadata: buildSignupMetadata(searchParams),
      },
      {
        onError: (error) => {
          if (isApiError(error) && error.issues?.length) {
            form.setErrors(issuesToFieldErrors(error.issues));
          }
        },
      },
    );
  }, focusFirstInvalidField);

  const error = signup.error;
  const issues = isApiError(error) ? (error.issues ?? []) : [];
  const hasFieldIssues = Object.keys(issuesToFieldErrors(issues)).some((field) => field in EMPTY);
  const isAlreadySignedUp = isApiError(error) && error.status === 400 && issues.length === 0;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {isAlreadySignedUp && (
          <Alert color="blue" variant="light" role="alert">
            {AUTH_MESSAGES.signupEmailSent}
          </Alert>
        )}
        {error && !isAlreadySignedUp && !hasFieldIssues && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(error)}
          </Alert>
        )}
        <NameFields
          firstName={form.getInputProps('firstName')}
          lastName={form.getInputProps('lastName')}
        />
        <TextInput
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          required
          {...readOnlyInputProps(invite !== undefined)}
          description={invite ? 'The invitation is for this address.' : undefined}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          name="password"
          description={PASSWORD_RULE_TEXT}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        {/* Required, as in onboarding: complete details include the company (contract rule). */}
        {!invite && (
          <TextInput
            label="Company"
            name="company"
            autoComplete="organization"
            required
            {...form.getInputProps('company')}
          />
        )}
        <Button type="submit" fullWidth loading={signup.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
