import { Alert, Anchor, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { trialDisplay } from '@herald/contract/billing/free-trial-display';
import type { Service } from '@herald/contract/services/service.schema';
import { useNow } from '../../../lib/ui/use-now';
import { useId } from 'react';
import { Link } from 'react-router';

export interface TrialStatusProps {
  service: Service;
  /** Whether the signed-in user may manage billing (Admin or Owner, spec section 6). */
  canManageBilling: boolean;
  /** Unix ms; the page's clock (tests pass a fixed one). */
  now?: number;
}

/**
 * The service overview's free trial panel (spec section 9, docs/decisions/025): days left and messages used while
 * the trial runs; once suspended by it, why, when the service is removed, and how to bring it back.
 */
export function TrialStatus({ service, canManageBilling, now }: TrialStatusProps) {
  // The days left move on by the minute (the trial scheduler's own tick).
  const clock = useNow(60_000);
  const titleId = useId();
  const display = trialDisplay(service, now ?? clock);
  if (!display) return null;
  if (display.kind === 'trial') {
    return (
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
        <Stack gap="xs">
          <Title order={2} fz="h4" id={titleId}>
            {display.headline}
          </Title>
          <Progress value={display.usedPercent} aria-label="Trial messages used" />
          <Text size="sm">{display.usage}</Text>
          <Text size="sm" c="dimmed">
            Add a card in Billing before the end to keep the service running on its plan.
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      title={
        <Title order={2} fz="h4" id={titleId}>
          {display.headline}
        </Title>
      }
      component="section"
      role="region"
      aria-labelledby={titleId}
    >
      <Stack gap={4}>
        {display.removal && <Text size="sm">{display.removal}</Text>}
        {canManageBilling ? (
          <Text size="sm">
            <Anchor component={Link} to={`/workspace/${service.workspaceId}/billing`}>
              Add a card in Billing
            </Anchor>{' '}
            to bring the service back on its paid plan.
          </Text>
        ) : (
          <Text size="sm">
            Ask an Admin or Owner of this organisation to add a card in Billing to bring it back.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
