import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { hasPermission } from '@herald/contract/members/permissions';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { createServiceRequestFromState } from '@herald/contract/billing/checkout-state';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import { useEffect, useState } from 'react';
import {
  useMetadataQuery,
  useWorkspaceServicesQuery,
  useWorkspaceServiceStatusesQuery,
} from '../api/services-queries';
import { mergeStatuses } from '../utils/merge-statuses';
import { CreateServiceButton } from './create-service-button';
import { CreateServiceModal, preloadCreateServiceContent } from './create-service-modal';
import { ServiceCard } from './service-card';
import { TrialClosureNotice } from './trial-closure-notice';
import { LoadFailed } from '../../../components/query-states';
import { ServiceCardsSkeleton } from '../../../components/skeletons';
import { useServiceStatusStream } from '../../../lib/status-stream/status-stream';
import { clearCheckoutState, loadCheckoutState } from '../../../lib/browser/checkout-state-storage';
import { whenIdle } from '../../../lib/browser/when-idle';

/**
 * "Try again" on /checkout/failure (spec section 3 resumeCheckout): a create-service checkout of this workspace to
 * reopen the form with. Read once; the saved state is then cleared (the form saves a new one if it pays again).
 */
function takeResumedRequest(workspaceId: string): CreateServiceRequest | undefined {
  const state = loadCheckoutState();
  if (state?.resumeCheckout !== true || state.workspaceId !== workspaceId) return undefined;
  clearCheckoutState();
  return createServiceRequestFromState(state) ?? undefined;
}

/** The dialog's code, fetched ahead so a press shows the dialog at once (issue 25, item 23); retried on the press. */
function preloadDialog(): void {
  preloadCreateServiceContent().catch(() => undefined);
}

export interface ServicesPageProps {
  workspace: Workspace;
  /** The signed-in user's roles in the workspace. */
  roles: readonly string[];
}

/**
 * `/workspace/{workspaceId}` (spec section 2): the workspace's services as cards, each linking
 * to its overview, and the create-service dialog for users with create-service (section 6).
 */
export function ServicesPage({ workspace, roles }: ServicesPageProps) {
  const workspaceId = workspace.workspace_id;
  const canCreateService = hasPermission(roles, 'create-service');
  const [resumedRequest] = useState(() =>
    canCreateService ? takeResumedRequest(workspaceId) : undefined,
  );
  const [isCreating, setCreating] = useState(resumedRequest !== undefined);
  const services = useWorkspaceServicesQuery(workspaceId);
  const hasServices = services.isSuccess && services.data.length > 0;
  const statuses = useWorkspaceServiceStatusesQuery(workspaceId, hasServices);
  const metadata = useMetadataQuery();
  // Each status change is pushed to the cards; the status poll is the fallback (docs/decisions/016).
  useServiceStatusStream(workspaceId);
  const openCreate = () => setCreating(true);
  useEffect(() => (canCreateService ? whenIdle(preloadDialog) : undefined), [canCreateService]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>Services</Title>
          <Text c="dimmed">The real-time data services of {workspace.name}.</Text>
        </Stack>
        {hasServices && (
          <CreateServiceButton
            label="Create service"
            tourTarget="create-service-button"
            canCreateService={canCreateService}
            onClick={openCreate}
            onIntent={preloadDialog}
          />
        )}
      </Group>

      <TrialClosureNotice workspace={workspace} roles={roles} />
      {services.isPending && <ServiceCardsSkeleton />}
      {services.isError && (
        <LoadFailed
          title="Services could not be loaded"
          error={services.error}
          onRetry={() => services.refetch()}
        />
      )}
      {services.isSuccess && services.data.length === 0 && (
        <Stack gap="sm" align="flex-start" maw={560}>
          <Title order={2} fz="h3">
            No services yet
          </Title>
          <Text>
            A service is your own real-time data server: clients connect to it to publish and
            subscribe to topics. Create one to get started; a free plan is available.
          </Text>
          <CreateServiceButton
            label="Create your first service"
            tourTarget="first-service-button"
            canCreateService={canCreateService}
            onClick={openCreate}
            onIntent={preloadDialog}
          />
        </Stack>
      )}
      {hasServices && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {mergeStatuses(services.data, statuses.data).map((service) => (
            <ServiceCard
              key={service.serviceId}
              service={service}
              tiers={metadata.data?.tiers ?? []}
            />
          ))}
        </SimpleGrid>
      )}

      {canCreateService && (
        <CreateServiceModal
          opened={isCreating}
          onClose={() => setCreating(false)}
          workspaceId={workspaceId}
          isFreeTrialAvailable={workspace.isFreeTrialAvailable}
          paymentExemption={workspace}
          resumedRequest={resumedRequest}
        />
      )}
    </Stack>
  );
}
