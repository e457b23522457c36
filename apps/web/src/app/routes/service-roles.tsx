import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@herald/contract/members/permissions';
import { useParams, useSearchParams } from 'react-router';
import { DefaultRolesForm } from '../../features/security/components/default-roles-form';
import { IsolatedPathsForm } from '../../features/security/components/isolated-paths-form';
import { RolesLayout } from '../../features/security/components/roles-layout';
import { RolesPage } from '../../features/security/components/roles-page';
import { SecurityStoreGate } from '../../features/security/components/security-store-gate';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/** `/service/:serviceId/roles/*` (spec section 2): the heading, the pages as links, and the page. */
export function ServiceRolesLayoutRoute() {
  const context = useServiceContext();
  return (
    <RolesLayout
      serviceId={context.service.serviceId}
      status={context.status}
      outletContext={context}
    />
  );
}

/** `roles/roles/{roleName?}`; `?create` (and `&copy=<role>`) is the create form. */
export function RolesRoute() {
  const { service, roles } = useServiceContext();
  const { roleName } = useParams();
  const [search] = useSearchParams();
  return (
    <RolesPage
      serviceId={service.serviceId}
      canEdit={hasPermission(roles, 'configure-service-console')}
      roleName={roleName ?? null}
      isCreating={search.has('create')}
      copyOf={search.get('copy')}
    />
  );
}

/** `roles/default-roles`. */
export function DefaultRolesRoute() {
  useDocumentTitle('Default roles · Herald Cloud');
  const { service, roles } = useServiceContext();
  return (
    <SecurityStoreGate serviceId={service.serviceId} label="the default roles">
      {(store) => (
        <DefaultRolesForm
          serviceId={service.serviceId}
          store={store}
          canEdit={hasPermission(roles, 'configure-service-console')}
        />
      )}
    </SecurityStoreGate>
  );
}

/** `roles/isolated-paths`. */
export function IsolatedPathsRoute() {
  useDocumentTitle('Isolated paths · Herald Cloud');
  const { service, roles } = useServiceContext();
  return (
    <SecurityStoreGate serviceId={service.serviceId} label="the isolated paths">
      {(store) => (
        <IsolatedPathsForm
          serviceId={service.serviceId}
          store={store}
          canEdit={hasPermission(roles, 'configure-service-console')}
        />
      )}
    </SecurityStoreGate>
  );
}
