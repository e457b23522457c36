import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createInviteRequestSchema } from '@herald/contract/members/member.schema';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { showToast } from '../../../lib/ui/toast';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useCreateInviteMutation } from '../api/members-mutations';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

/** Invite by e-mail as a User or an Admin (ownership moves only by a transfer). */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const createInvite = useCreateInviteMutation(workspaceId);
  const form = useForm({
    initialValues: { email: '', role: 'User' as 'User' | 'Admin' },
    validate: zodResolver(createInviteRequestSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    const body = createInviteRequestSchema.parse({ ...values, email: values.email.trim() });
    createInvite.mutate(body, {
      onSuccess: (invite) => {
        showToast({ variant: 'success', message: `Invitation sent to ${invite.email}` });
        form.reset();
      },
      onError: (error) => {
        const fieldErrors = isApiError(error) ? issuesToFieldErrors(error.issues) : {};
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        else form.setFieldError('email', inlineErrorText(error));
      },
    });
  }, focusFirstInvalidField);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Invite a member">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="off"
          required
          style={{ flex: 1, minWidth: 220 }}
          {...form.getInputProps('email')}
        />
        <Select
          label="Role"
          data={['User', 'Admin']}
          allowDeselect={false}
          w={140}
          {...form.getInputProps('role')}
        />
        <Button type="submit" mt={25} loading={createInvite.isPending}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}
