import { Switch } from '@mantine/core';
import type { Service } from '@herald/contract/services/service.schema';
import { showToast } from '../../../lib/ui/toast';
import { useUpdateSensitiveDataMutation } from '../api/service-settings-mutations';
import { SettingsSection } from './settings-section';

/** Whether the service holds sensitive data (PATCH update-additional-property). */
export function SensitiveDataSection({ service }: { service: Service }) {
  const mutation = useUpdateSensitiveDataMutation(service.serviceId);
  const checked = mutation.isPending
    ? (mutation.variables ?? service.sensitiveData)
    : service.sensitiveData;
  return (
    <SettingsSection
      title="Sensitive data"
      description="Mark the service if it carries personal or otherwise sensitive data."
    >
      <Switch
        label="This service holds sensitive data"
        checked={checked}
        disabled={mutation.isPending}
        onChange={(event) =>
          mutation.mutate(event.currentTarget.checked, {
            onSuccess: () =>
              showToast({ variant: 'success', message: 'Sensitive data setting saved.' }),
          })
        }
      />
    </SettingsSection>
  );
}
