import { Alert, Anchor, Text } from '@mantine/core';
import {
  CLOSURE_REASON_TEXT,
  isBlockingClosureReason,
} from '@herald/contract/billing/account-closure';
import { hasPermission } from '@herald/contract/members/permissions';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { Link } from 'react-router';

/**
 * Spec section 4: a blocking closure reason (TRIAL_END, LIMIT_EXHAUSTED) stops new services until a card is added;
 * the services page says so above the list, with the way out for those who may manage billing.
 */
export function TrialClosureNotice({
  workspace,
  roles,
}: {
  workspace: Pick<Workspace, 'workspace_id' | 'closureReason'>;
  roles: readonly string[];
}) {
  const reason = workspace.closureReason;
  if (!isBlockingClosureReason(reason)) return null;
  return (
    <Alert color="orange" variant="light" title="New services are paused" role="status">
      <Text size="sm">{CLOSURE_REASON_TEXT[reason]}</Text>
      <Text size="sm" mt={4}>
        {hasPermission(roles, 'manage-billing') ? (
          <Anchor component={Link} to={`/workspace/${workspace.workspace_id}/billing`}>
            Go to Billing
          </Anchor>
        ) : (
          'Ask an Admin or Owner of this organisation to add a card in Billing.'
        )}
      </Text>
    </Alert>
  );
}
