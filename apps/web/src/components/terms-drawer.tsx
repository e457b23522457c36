import { Anchor, Drawer, List, Stack, Text, Title } from '@mantine/core';
import { FREE_TRIAL_TERMS } from '@herald/contract/constants';

/** The terms side panel of the top bar's account menu (spec sections 2 and 9). */
export function TermsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Herald Cloud terms and conditions"
      closeButtonProps={{ 'aria-label': 'Close terms' }}
    >
      <Stack gap="md">
        <Text>
          Using Herald Cloud means accepting its terms and conditions.{' '}
          <Anchor href="/terms" target="_blank" rel="noopener">
            Read the published terms
          </Anchor>
        </Text>
        <Title order={2} fz="h4">
          Free trial terms
        </Title>
        <List spacing="xs" size="sm">
          {FREE_TRIAL_TERMS.map((term) => (
            <List.Item key={term}>{term}</List.Item>
          ))}
        </List>
      </Stack>
    </Drawer>
  );
}
