import { lazy, Suspense } from 'react';
import type { Service } from '@herald/contract/services/service.schema';
import type { User } from '@herald/contract/users/user.schema';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useParams } from 'react-router';
import { AppFrame } from '../../components/app-frame';
import { NavSkeleton, ServiceOverviewSkeleton } from '../../components/skeletons';
import { useServiceRoles } from '../../features/service/api/workspaces-query';
import { ServiceNav } from '../../features/service/components/service-nav';
import type { ServiceContext } from '../../features/service/hooks/use-service-context';
import {
  useRefreshWhenRunning,
  useServiceStatus,
} from '../../features/service/hooks/use-service-status';
import { isApiError } from '../../lib/api/api-error';
import { MessagingSessionProvider } from '../../lib/messaging';
import { serviceQueryOptions } from '../../lib/queries/service-queries';
import { ServiceNotFoundPage } from '../routes/not-found';
import { RequireUser } from './require-user';
import { TopBar } from './top-bar';
import { LoadFailed } from '../../components/query-states';

// Only a missing service needs the workspace navigation: loaded on demand, off the service pages' path.
const NotFoundNav = lazy(async () => ({
  default: (await import('./not-found-frame')).NotFoundNav,
}));

/**
 * Spec section 2, service layout: top navigation bar (in the service's hint colour) and service
 * side navigation, for a loaded user. `/service` without an id goes to /workspace; a service
 * that does not exist or is not the user's (404) shows the 404 page, said of the service (issue 25).
 */
export function ServiceLayout() {
  const { serviceId } = useParams();
  if (serviceId === undefined || serviceId === '') return <Navigate to="/workspace" replace />;
  return (
    <RequireUser>
      {(user) => <ServiceFrame key={serviceId} user={user} serviceId={serviceId} />}
    </RequireUser>
  );
}

function ServiceFrame({ user, serviceId }: { user: User; serviceId: string }) {
  const query = useQuery(serviceQueryOptions(serviceId));
  if (query.data !== undefined) return <LoadedServiceFrame user={user} service={query.data} />;
  const isNotFound =
    isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
  return (
    // While the service loads the frame keeps its shape: the side navigation and the overview in outline.
    // Not found: the one 404 of a signed-in user, with the workspace navigation (docs/decisions/018), in
    // the same frame, so the top bar stays mounted.
    <AppFrame
      header={<TopBar user={user} />}
      {...(query.isPending && { navbar: <NavSkeleton />, navbarLabel: 'Loading navigation' })}
      {...(isNotFound && {
        navbar: (
          <Suspense fallback={<NavSkeleton />}>
            <NotFoundNav user={user} />
          </Suspense>
        ),
        navbarLabel: 'Workspace',
      })}
    >
      {query.isPending ? (
        <ServiceOverviewSkeleton />
      ) : isNotFound ? (
        <ServiceNotFoundPage />
      ) : (
        <LoadFailed
          title="The service could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      )}
    </AppFrame>
  );
}

function LoadedServiceFrame({ user, service }: { user: User; service: Service }) {
  const roles = useServiceRoles(service.workspaceId, user.customerid);
  const status = useServiceStatus(service);
  useRefreshWhenRunning(service.serviceId, status);
  const context: ServiceContext = { service, roles, status };
  return (
    // The service's messaging session: opened only when a page uses it (the topic browser), closed on leaving.
    <MessagingSessionProvider service={service} status={status} accessToken={user.accessToken}>
      <AppFrame
        header={
          <TopBar
            user={user}
            hintColor={service.consoleSettings.hintColor}
            // Route metadata is static and cannot know the service's name; the layout adds it.
            leadingCrumb={{
              label: service.label ?? service.serviceName,
              to: `/service/${service.serviceId}`,
              isShownOnPhone: true,
            }}
          />
        }
        navbar={<ServiceNav service={service} status={status} roles={roles} />}
        navbarLabel="Service"
      >
        <Outlet context={context} />
      </AppFrame>
    </MessagingSessionProvider>
  );
}
