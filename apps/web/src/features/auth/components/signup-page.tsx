import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import type { InvitePreview } from '@herald/contract/members/invite-preview.schema';
import { Link, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { inlineErrorText } from '../../../lib/api/error-text';
import { useInvitePreviewQuery } from '../api/invite-preview-query';
import { SignupForm } from './signup-form';

/**
 * `/signup` (spec section 2). From an invitation link (`/signup?invite={id}`, decision 009) it says
 * who invited the person to which team and signs up the invited e-mail. On success the gate sends
 * the user to verify their e-mail, or, when the link's token proved the address, into the inviter's
 * organisation (the server accepted the invitation with the sign-up).
 */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const inviteId = searchParams.get('invite')?.trim() || null;
  // The invitation mail's proof of the address (docs/decisions/035): sent with the sign-up, it spares the newcomer
  // a second verification and a second Accept.
  const inviteToken = searchParams.get('token')?.trim() || undefined;
  const preview = useInvitePreviewQuery(inviteId);
  const invite: InvitePreview | undefined = preview.data;

  return (
    <PageCard
      title="Create your account"
      description={invite ? <InviteSentence invite={invite} /> : undefined}
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/">
            Log in
          </Anchor>
        </Text>
      }
    >
      {inviteId !== null && preview.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the invitation">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={56} />
          ))}
        </Stack>
      ) : (
        <>
          {preview.isError && (
            <Alert color="yellow" variant="light" role="alert" title="Invitation">
              {inlineErrorText(preview.error)} You can still create an account.
            </Alert>
          )}
          {/* Keyed: the form's initial values come from the invitation. */}
          <SignupForm key={invite?.inviteId ?? 'plain'} invite={invite} inviteToken={inviteToken} />
        </>
      )}
    </PageCard>
  );
}

function InviteSentence({ invite }: { invite: InvitePreview }) {
  return (
    <>
      {invite.inviterName ?? 'A member'} invited you to join{' '}
      <Text span fw={700} c="var(--mantine-color-text)">
        {invite.workspaceName}
      </Text>{' '}
      on Herald Cloud.
    </>
  );
}
