import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { Link } from 'react-router';

/** Spec section 2: an unknown route shows 404 with a link back home (or, inside a service, the way back to it). */
export function NotFoundPage({
  message = GENERAL_MESSAGES.pageNotFound,
  back = { label: 'Back to home', to: '/' },
}: {
  message?: string;
  back?: { label: string; to: string };
}) {
  return (
    <Container size="sm" py={96}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>404</Title>
        <Text size="lg">{message}</Text>
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </Stack>
    </Container>
  );
}

/** What an unknown service (or one of another organisation: the API answers both alike) shows (issue 25). */
export const SERVICE_NOT_FOUND_MESSAGE =
  'This service could not be found. It may have been deleted, or it belongs to an organisation you are not a member of.';

/** An unknown or foreign service: said as such, with the way to the user's own services. */
export function ServiceNotFoundPage() {
  return (
    <NotFoundPage
      message={SERVICE_NOT_FOUND_MESSAGE}
      back={{ label: 'Back to your services', to: '/workspace' }}
    />
  );
}

export default NotFoundPage;
