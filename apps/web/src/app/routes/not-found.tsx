import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { Link } from 'react-router';

/** Spec section 2: an unknown route shows 404 with a link back home. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={96}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>404</Title>
        <Text size="lg">{GENERAL_MESSAGES.pageNotFound}</Text>
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </Stack>
    </Container>
  );
}

export default NotFoundPage;
