import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SCREEN_TEXTS } from '@herald/contract/messages';
import { upgradePromptAction } from '@herald/contract/services/service-navigation';
import type { Service } from '@herald/contract/services/service.schema';
import { Link } from 'react-router';
import { PlanChangeModal } from './plan-change-modal';

/**
 * The plan upgrade block of the service navigation (spec section 2: 'Go to the next level', 'Upgrade your Plan';
 * shown for Admin or Owner when an upgrade is available). On the free plan the button opens the unable-to-downgrade
 * modal; otherwise the plan-change dialog, which goes through checkout when no card is on file.
 */
export function UpgradeBlock({ service }: { service: Service }) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const action = upgradePromptAction(service.billingPlan);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {SCREEN_TEXTS.upgradeBlockText}
        </Text>
        <Button size="xs" onClick={open}>
          {SCREEN_TEXTS.upgradeBlockButton}
        </Button>
      </Stack>
      {action === 'unable-to-downgrade' ? (
        <UnableToDowngradeModal service={service} opened={isOpen} onClose={close} />
      ) : (
        <PlanChangeModal service={service} opened={isOpen} onClose={close} />
      )}
    </Paper>
  );
}

/**
 * The unable-to-downgrade modal (spec section 2): a Free service keeps its plan (a plan never moves to or from
 * Free in place, docs/decisions/027-billing-screens.md); a paid plan means a new service on it.
 */
function UnableToDowngradeModal({
  service,
  opened,
  onClose,
}: {
  service: Service;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="This plan cannot be changed"
    >
      <Stack gap="md">
        <Text size="sm">
          {service.serviceName} is on the Free plan. A Free service cannot be moved to another plan,
          and no service can be moved down to Free. To run on a paid plan, create a new service on
          it: you add a card at checkout, and only the new service is charged.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to={`/workspace/${service.workspaceId}`} onClick={onClose}>
            Create a paid service
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
