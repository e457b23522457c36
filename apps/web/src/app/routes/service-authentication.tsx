import { hasPermission } from '@herald/contract/members/permissions';
import { useParams } from 'react-router';
import { AnonymousSessionsPage } from '../../features/security/components/anonymous-sessions-page';
import { AuthLayout } from '../../features/security/components/auth-layout';
import { PrincipalsPage } from '../../features/security/components/principals-page';
import { TrustedPropertiesPage } from '../../features/security/components/trusted-properties-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';

/** `/service/:serviceId/authentication/*` (spec section 2): "Auth", its pages as links, and the page. */
export function ServiceAuthenticationLayoutRoute() {
  const context = useServiceContext();
  return (
    <AuthLayout
      serviceId={context.service.serviceId}
      serviceLabel={context.service.label ?? context.service.serviceName}
      status={context.status}
      outletContext={context}
    />
  );
}

const canEditSecurity = (roles: Parameters<typeof hasPermission>[0]) =>
  hasPermission(roles, 'configure-service-console');

export function PrincipalsRoute() {
  const { service, roles } = useServiceContext();
  const { principalName } = useParams();
  return (
    <PrincipalsPage
      serviceId={service.serviceId}
      canEdit={canEditSecurity(roles)}
      principalName={principalName}
    />
  );
}

export function AnonymousSessionsRoute() {
  const { service, roles } = useServiceContext();
  return <AnonymousSessionsPage serviceId={service.serviceId} canEdit={canEditSecurity(roles)} />;
}

export function TrustedPropertiesRoute() {
  const { service, roles } = useServiceContext();
  return (
    <TrustedPropertiesPage
      serviceId={service.serviceId}
      endpoints={service.endpoints}
      canEdit={canEditSecurity(roles)}
    />
  );
}
