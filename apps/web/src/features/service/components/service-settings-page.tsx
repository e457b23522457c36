import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission, type Role } from '@herald/contract/members/permissions';
import type { Service } from '@herald/contract/services/service.schema';
import { useFlag } from '../../../lib/flags/flags';
import { AlertsSection } from './alerts-section';
import { ConsoleSsoSection } from './console-sso-section';
import { DeleteServiceSection } from './delete-service-section';
import { HintColourSection } from './hint-colour-section';
import { PlanSection } from './plan-section';
import { ResetTopicsSection } from './reset-topics-section';
import { RestartSection } from './restart-section';
import { SensitiveDataSection } from './sensitive-data-section';
import { VersionSection } from './version-section';

/** `/service/{serviceId}/settings`: actions are disabled for roles without their permission (spec section 6). */
export function ServiceSettingsPage({ service, roles }: { service: Service; roles: Role[] }) {
  useDocumentTitle(`Settings · ${service.label ?? service.serviceName} · Herald Cloud`);
  const isConsoleSettingsOn = useFlag('service.settings.console');
  const can = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(roles, permission);
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1}>Settings</Title>
      <HintColourSection service={service} canConfigure={can('configure-service-console')} />
      {/* Hidden, not disabled: only roles with the permission PUT console-settings checks see it. */}
      {isConsoleSettingsOn && can('configure-service-console') && (
        <ConsoleSsoSection service={service} />
      )}
      <SensitiveDataSection service={service} />
      <AlertsSection service={service} />
      <RestartSection serviceId={service.serviceId} canRestart={can('restart-service')} />
      <ResetTopicsSection serviceId={service.serviceId} canReset={can('reset-topics')} />
      <PlanSection service={service} canUpgrade={can('upgrade-service')} />
      <VersionSection service={service} canUpgrade={can('upgrade-service')} />
      <DeleteServiceSection service={service} canDelete={can('cancel-service')} />
    </Stack>
  );
}
