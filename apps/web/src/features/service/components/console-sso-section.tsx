import { Switch } from '@mantine/core';
import type { Service } from '@herald/contract/services/service.schema';
import { showToast } from '../../../lib/ui/toast';
import { useUpdateConsoleSsoMutation } from '../api/service-settings-mutations';
import { SettingsSection } from './settings-section';

/**
 * Console single sign-on (spec section 3 useConsoleSso, section 6): on, every member opens the service's console
 * signed in as themselves (contract console/console-entry.ts); off, the console asks for its admin user. The page
 * shows it only under flag service.settings.console and to members who may configure-service-console.
 */
export function ConsoleSsoSection({ service }: { service: Service }) {
  const mutation = useUpdateConsoleSsoMutation(service);
  const checked = mutation.isPending
    ? (mutation.variables ?? service.useConsoleSso)
    : service.useConsoleSso;
  return (
    <SettingsSection
      title="Console single sign-on"
      description="Members open this service's console signed in as themselves: Admins and the Owner as administrators, Users as clients. When it is off, the console asks for the admin user you set up."
    >
      <Switch
        label="Sign members in to the console with their Herald Cloud account"
        checked={checked}
        disabled={mutation.isPending}
        onChange={(event) =>
          mutation.mutate(event.currentTarget.checked, {
            onSuccess: (_service, useConsoleSso) =>
              showToast({
                variant: 'success',
                message: `Console single sign-on turned ${useConsoleSso ? 'on' : 'off'}.`,
              }),
          })
        }
      />
    </SettingsSection>
  );
}
