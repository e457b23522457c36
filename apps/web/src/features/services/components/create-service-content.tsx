import { Alert, Button, Text } from '@mantine/core';
import { inlineErrorText } from '../../../lib/error-text';
import { useGeneratedServiceNameQuery } from '../api/service-name-queries';
import { useMetadataQuery } from '../api/services-queries';
import { ContentLoader } from './content-loader';
import { CreateServiceForm } from './create-service-form';

export interface CreateServiceContentProps {
  workspaceId: string;
  isFreeTrialAvailable: boolean;
  onCancel: () => void;
}

/**
 * The create-service dialog's body, loaded lazily: waits for the catalogue (tiers, regions,
 * versions) and the proposed name, then shows the form. Without a proposed name (its call failed)
 * the field starts empty: the user can still type one.
 */
export function CreateServiceContent({
  workspaceId,
  isFreeTrialAvailable,
  onCancel,
}: CreateServiceContentProps) {
  const metadata = useMetadataQuery();
  const generatedName = useGeneratedServiceNameQuery();

  if (metadata.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The plans could not be loaded">
        <Text size="sm" mb="xs">
          {inlineErrorText(metadata.error)}
        </Text>
        <Button size="xs" variant="default" onClick={() => void metadata.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (metadata.isPending || generatedName.isPending) {
    return <ContentLoader label="Loading plans and regions" />;
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
      onCancel={onCancel}
    />
  );
}
