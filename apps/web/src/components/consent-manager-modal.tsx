import { Button, Center, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readConsent, writeConsent } from '../lib/browser/consent';
import { consentQueryOptions, useUpdateConsentMutation } from '../lib/queries/consent-api';
import { inlineErrorText } from '../lib/api/error-text';

/**
 * Data Collection Preferences (spec section 2, the consent manager): analytics on or off. A
 * signed-in user's choice is stored with the account (GET/PUT /v3/user/consent) and decides
 * whether /v3/track/events records anything; an anonymous visitor's stays in this browser.
 */
export function ConsentManagerModal({
  opened,
  onClose,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user; without one the choice is kept in this browser only. */
  userId?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Data Collection Preferences"
    >
      {/* Mounted per opening so it starts from the stored preference. */}
      {opened &&
        (userId === undefined ? (
          <LocalConsentForm onClose={onClose} />
        ) : (
          <AccountConsentForm userId={userId} onClose={onClose} />
        ))}
    </Modal>
  );
}

function LocalConsentForm({ onClose }: { onClose: () => void }) {
  return (
    <ConsentForm
      initial={readConsent().analytics}
      note="Your choice is stored in this browser only. Strictly necessary cookies (your session) are always on."
      onCancel={onClose}
      onSave={(analytics) => {
        writeConsent({ analytics });
        onClose();
      }}
    />
  );
}

function AccountConsentForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const consent = useQuery(consentQueryOptions(userId));
  const update = useUpdateConsentMutation(userId);
  if (consent.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading your preferences">
        <Loader size="sm" aria-hidden="true" />
      </Center>
    );
  }
  if (consent.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {inlineErrorText(consent.error)}
      </Text>
    );
  }
  return (
    <ConsentForm
      initial={consent.data.analytics}
      note="Your choice is stored with your account. Strictly necessary cookies (your session) are always on."
      saving={update.isPending}
      onCancel={onClose}
      onSave={(analytics) => update.mutate(analytics, { onSuccess: onClose })}
    />
  );
}

function ConsentForm({
  initial,
  note,
  saving = false,
  onCancel,
  onSave,
}: {
  initial: boolean;
  note: string;
  saving?: boolean;
  onCancel: () => void;
  onSave: (analytics: boolean) => void;
}) {
  const [analytics, setAnalytics] = useState(initial);
  return (
    <Stack gap="md">
      <Switch
        label="Analytics"
        description="Usage statistics that help us improve Herald Cloud."
        checked={analytics}
        onChange={(event) => setAnalytics(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        {note}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => onSave(analytics)}>
          Save preferences
        </Button>
      </Group>
    </Stack>
  );
}
