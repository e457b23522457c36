import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageCard } from '../../../components/page-card';

/** Where a buyer manages their AWS Marketplace subscriptions. */
export const AWS_MARKETPLACE_SUBSCRIPTIONS_URL =
  'https://console.aws.amazon.com/marketplace/home#/subscriptions';

export interface MarketplaceExpiredPageProps {
  onSignOut: () => Promise<void>;
}

/**
 * `/aws/expired` (spec sections 2 and 4): where an expired marketplace subscription (subscribe-fail or
 * unsubscribe-success) sends the organisation's /workspace, /service and /onboarding pages.
 */
export function MarketplaceExpiredPage({ onSignOut }: MarketplaceExpiredPageProps) {
  const [isSigningOut, setIsSigningOut] = useState(false);
  return (
    <PageCard
      title="Your AWS Marketplace subscription has ended"
      description="This organisation is billed through AWS Marketplace, and its subscription is no longer active."
    >
      <Stack gap="sm">
        <List size="sm" spacing={4}>
          <List.Item>
            Its services are suspended: they accept no connections and meter no usage.
          </List.Item>
          <List.Item>Their configuration and data are kept.</List.Item>
          <List.Item>
            Subscribing to Herald Cloud on AWS Marketplace again resumes them and opens the
            organisation again.
          </List.Item>
        </List>
        <Text size="sm">
          Manage your subscription in{' '}
          <Anchor
            href={AWS_MARKETPLACE_SUBSCRIPTIONS_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            your AWS Marketplace subscriptions (opens in a new window)
          </Anchor>
          .
        </Text>
        <Button component={Link} to="/workspace" fullWidth>
          Back to my organisations
        </Button>
        <Button
          variant="default"
          fullWidth
          loading={isSigningOut}
          onClick={() => {
            setIsSigningOut(true);
            void onSignOut();
          }}
        >
          Sign out
        </Button>
      </Stack>
    </PageCard>
  );
}
