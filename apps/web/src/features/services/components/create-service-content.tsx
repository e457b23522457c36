import { Alert, Text } from '@mantine/core';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import type { PaymentExemption } from '../utils/checkout';
import { useGeneratedServiceNameQuery } from '../api/service-name-queries';
import { useMetadataQuery } from '../api/services-queries';
import { CreateServiceForm } from './create-service-form';
import { CreateServiceFormSkeleton } from './create-service-form-skeleton';
import { LoadFailed } from '../../../components/query-states';

export interface CreateServiceContentProps {
  workspaceId: string;
  isFreeTrialAvailable: boolean;
  paymentExemption: PaymentExemption;
  resumedRequest?: CreateServiceRequest | undefined;
  onCancel: () => void;
}

/**
 * The create-service dialog's body, loaded lazily: waits for the catalogue (tiers, regions,
 * versions) and the proposed name, in the form's outline, then shows the form. Without a proposed name (its call failed)
 * the field starts empty: the user can still type one.
 */
export function CreateServiceContent({
  workspaceId,
  isFreeTrialAvailable,
  paymentExemption,
  resumedRequest,
  onCancel,
}: CreateServiceContentProps) {
  const metadata = useMetadataQuery();
  const generatedName = useGeneratedServiceNameQuery();

  if (metadata.isError) {
    return (
      <LoadFailed
        title="The plans could not be loaded"
        error={metadata.error}
        onRetry={() => metadata.refetch()}
      />
    );
  }
  if (metadata.isPending || generatedName.isPending) {
    // The form's shape, as the dialog showed it while this code loaded: nothing moves until the form is there.
    return <CreateServiceFormSkeleton onCancel={onCancel} />;
  }
  if (metadata.data.tiers.length === 0 || metadata.data.regions.length === 0) {
    return (
      <Alert color="yellow" variant="light" title="No plans available">
        <Text size="sm">
          No service plans or regions are offered at the moment. Please try again later.
        </Text>
      </Alert>
    );
  }
  return (
    <CreateServiceForm
      workspaceId={workspaceId}
      metadata={metadata.data}
      initialServiceName={generatedName.data?.data ?? ''}
      isFreeTrialAvailable={isFreeTrialAvailable}
      paymentExemption={paymentExemption}
      resumedRequest={resumedRequest}
      onCancel={onCancel}
    />
  );
}
