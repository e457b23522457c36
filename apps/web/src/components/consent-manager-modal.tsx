import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { readConsent, writeConsent } from '../lib/consent';

/**
 * Data Collection Preferences (spec section 2, the consent manager): analytics on or off, kept
 * in this browser only for now.
 */
export function ConsentManagerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Data Collection Preferences"
    >
      {/* Mounted per opening so it starts from the stored preference. */}
      {opened && <ConsentForm onClose={onClose} />}
    </Modal>
  );
}

function ConsentForm({ onClose }: { onClose: () => void }) {
  const [analytics, setAnalytics] = useState(() => readConsent().analytics);
  return (
    <Stack gap="md">
      <Switch
        label="Analytics"
        description="Anonymous usage statistics that help us improve Herald Cloud."
        checked={analytics}
        onChange={(event) => setAnalytics(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        Your choice is stored in this browser only. Strictly necessary cookies (your session) are
        always on.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            writeConsent({ analytics });
            onClose();
          }}
        >
          Save preferences
        </Button>
      </Group>
    </Stack>
  );
}
