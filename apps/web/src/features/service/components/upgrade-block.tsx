import { Button, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { upgradePromptAction } from '@herald/contract/services/service-navigation';

/**
 * The plan upgrade block of the service navigation (spec section 2). On the free plan the button
 * opens the unable-to-downgrade modal; otherwise it would start checkout, which arrives with
 * billing, so it says so.
 */
export function UpgradeBlock({ billingPlan }: { billingPlan: string }) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const action = upgradePromptAction(billingPlan);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Go to the next level
        </Text>
        <Button size="xs" onClick={open}>
          Upgrade your Plan
        </Button>
      </Stack>
      <Modal
        opened={isOpen}
        onClose={close}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={action === 'unable-to-downgrade' ? 'Unable to downgrade' : 'Plan changes'}
      >
        <Stack gap="md">
          <Text size="sm">
            {action === 'unable-to-downgrade'
              ? 'A service on the Free plan cannot be downgraded, and plan changes arrive with billing. Your service keeps its current plan.'
              : 'Plan changes arrive with billing. Your service keeps its current plan until then.'}
          </Text>
          <Button variant="default" onClick={close} style={{ alignSelf: 'flex-end' }}>
            OK
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
