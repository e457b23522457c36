import { Stack, Switch } from '@mantine/core';
import type { InterestedAlerts, Service } from '@herald/contract/services/service.schema';
import { showToast } from '../../../lib/ui/toast';
import { useUpdateInterestedAlertsMutation } from '../api/service-settings-mutations';
import { SettingsSection } from './settings-section';

const ALERTS: { key: keyof InterestedAlerts; label: string }[] = [
  { key: 'topicsCapacity', label: 'Topic capacity is running out' },
  { key: 'remoteServer', label: 'A remote server connection fails' },
];

/** The alerts sent about the service (POST interested-alerts {interestedAlerts}). */
export function AlertsSection({ service }: { service: Service }) {
  const mutation = useUpdateInterestedAlertsMutation(service.serviceId);
  const current = mutation.isPending
    ? (mutation.variables ?? service.interestedAlerts)
    : service.interestedAlerts;
  return (
    <SettingsSection
      title="Alerts"
      description="Choose the alerts we e-mail you about this service."
    >
      <Stack gap="xs">
        {ALERTS.map((alert) => (
          <Switch
            key={alert.key}
            label={alert.label}
            checked={current[alert.key]}
            disabled={mutation.isPending}
            onChange={(event) =>
              mutation.mutate(
                { ...current, [alert.key]: event.currentTarget.checked },
                { onSuccess: () => showToast({ variant: 'success', message: 'Alerts saved.' }) },
              )
            }
          />
        ))}
      </Stack>
    </SettingsSection>
  );
}
