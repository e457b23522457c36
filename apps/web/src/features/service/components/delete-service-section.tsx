import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Service } from '@herald/contract/services/service.schema';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/ui/toast';
import { useCancelServiceMutation, useForgetService } from '../api/service-settings-mutations';
import { SettingsSection } from './settings-section';

/** Delete (cancel) the service (needs cancel-service): the exact service name must be typed. */
export function DeleteServiceSection({
  service,
  canDelete,
}: {
  service: Service;
  canDelete: boolean;
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const mutation = useCancelServiceMutation(service);
  const forgetService = useForgetService(service.serviceId);
  const navigate = useNavigate();
  const handleClose = () => {
    setTyped('');
    close();
  };
  const handleDelete = () =>
    mutation.mutate(undefined, {
      onSuccess: async () => {
        showToast({ variant: 'success', message: `Service ${service.serviceName} deleted.` });
        await navigate(`/workspace/${service.workspaceId}`, { replace: true });
        forgetService();
      },
    });
  return (
    <SettingsSection
      title="Delete service"
      description="Stops the service, removes its data and ends its billing. This cannot be undone."
    >
      <Button
        color="red.9"
        onClick={open}
        disabled={!canDelete}
        style={{ alignSelf: 'flex-start' }}
      >
        Delete service
      </Button>
      <Modal
        opened={isOpen}
        onClose={handleClose}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Delete this service?"
      >
        <Stack gap="md">
          <Text size="sm">
            Every client is disconnected and all topics and settings are removed. Type the service
            name <strong>{service.serviceName}</strong> to confirm.
          </Text>
          <TextInput
            label="Service name"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={typed !== service.serviceName}
              loading={mutation.isPending}
              onClick={handleDelete}
            >
              Delete this service
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
