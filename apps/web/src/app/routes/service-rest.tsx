import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isRestMenuAvailable } from '@herald/contract/services/versions';
import { useParams } from 'react-router';
import { RestApiPage } from '../../features/rest/components/rest-api-page';
import { RestApisPage } from '../../features/rest/components/rest-apis-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';
import { useFlag } from '../../lib/flags/flags';

/**
 * `/service/{serviceId}/rest/{apiId?}` (spec section 2: rest and rest/{restAdapterName}; an API is named by its id,
 * as labels may repeat): the API list, or one API. The navigation offers it from service version 6.8; an address
 * typed for an older service says why there is nothing here rather than calls that cannot work.
 */
export function ServiceRestRoute() {
  const { service } = useServiceContext();
  const { apiId } = useParams();
  // Spec section 2: the base topic path field shows only with this flag.
  const showBaseTopicPath = useFlag('rest.adapter.base.topic.path');
  if (!isRestMenuAvailable(service.heraldVersion)) return <RestNeedsNewerVersion />;
  if (apiId === undefined) {
    return <RestApisPage serviceId={service.serviceId} showBaseTopicPath={showBaseTopicPath} />;
  }
  return (
    <RestApiPage
      serviceId={service.serviceId}
      apiId={apiId}
      showBaseTopicPath={showBaseTopicPath}
    />
  );
}

function RestNeedsNewerVersion() {
  useDocumentTitle('REST APIs · Herald Cloud');
  return (
    <Stack gap="sm">
      <Title order={1}>REST APIs</Title>
      <Text>
        REST APIs need service version 6.8 or later. Upgrade the service in its settings to use
        them.
      </Text>
    </Stack>
  );
}
