import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { rememberPath } from '../../../lib/browser/remembered-path';
import { useMarketplaceSignupMutation } from '../api/marketplace-signup-mutation';
import { signupErrorText } from '../utils/signup-error-text';

export interface MarketplaceSignupPageProps {
  /** The registration token from the marketplace (the `token` query parameter), if any. */
  token: string | null;
  isSignedIn: boolean;
  /** The path of this page with its token, remembered for after sign-up or login. */
  returnPath: string;
  /** Called with the connected organisation's id (the route goes there). */
  onConnected: (workspaceId: string) => Promise<void>;
}

const TITLE = 'Connecting your AWS Marketplace subscription';

/**
 * `/aws/signup` (spec section 2; docs/decisions/026): where AWS Marketplace sends a new subscriber. A visitor signs
 * up or logs in first (this page is remembered, with its token, for after); a signed-in user connects the
 * subscription with one click and goes to the new organisation.
 */
export function MarketplaceSignupPage({
  token,
  isSignedIn,
  returnPath,
  onConnected,
}: MarketplaceSignupPageProps) {
  const signup = useMarketplaceSignupMutation({ onConnected });

  if (!token) {
    return (
      <PageCard title={TITLE}>
        <Alert color="red" title="No registration token" role="alert">
          This page needs the link AWS Marketplace gives you after you subscribe. Open Herald Cloud
          from your subscription in the AWS Marketplace console again.
        </Alert>
      </PageCard>
    );
  }

  const explanation = (
    <List size="sm" spacing={4}>
      <List.Item>
        Your subscription becomes an organisation billed through AWS Marketplace.
      </List.Item>
      <List.Item>
        Its services&apos; usage is metered to AWS every hour; no card is needed.
      </List.Item>
      <List.Item>You become its Owner and can invite your team.</List.Item>
    </List>
  );

  if (!isSignedIn) {
    const remember = () => rememberPath(returnPath);
    return (
      <PageCard
        title={TITLE}
        description="Thank you for subscribing to Herald Cloud on AWS Marketplace. Sign up or log in to finish."
      >
        <Stack gap="sm">
          {explanation}
          <Button component={Link} to="/signup" onClick={remember} fullWidth>
            Sign up
          </Button>
          <Button component={Link} to="/" onClick={remember} variant="default" fullWidth>
            Log in
          </Button>
        </Stack>
      </PageCard>
    );
  }

  return (
    <PageCard
      title={TITLE}
      description="Thank you for subscribing to Herald Cloud on AWS Marketplace."
    >
      <Stack gap="sm">
        {explanation}
        {signup.isError && (
          <Alert color="red" title="The subscription could not be connected" role="alert">
            {signupErrorText(signup.error)}
          </Alert>
        )}
        <Button
          fullWidth
          loading={signup.isPending || signup.isSuccess}
          onClick={() => signup.mutate({ registrationToken: token })}
        >
          Connect subscription
        </Button>
        <Text size="xs" c="dimmed">
          Connecting again later with the same subscription opens the same organisation.
        </Text>
      </Stack>
    </PageCard>
  );
}
