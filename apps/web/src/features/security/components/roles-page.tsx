import { useDocumentTitle } from '@mantine/hooks';
import { useAuthentication } from '../api/authentication-queries';
import { useSecurity } from '../api/security-queries';
import { LoadFailed } from '../../../components/query-states';
import { RolePage } from './role-page';
import { RolesList } from './roles-list';
import { SecurityPageSkeleton } from './security-skeletons';

export interface RolesPageProps {
  serviceId: string;
  canEdit: boolean;
  /** From the URL: roles/roles/{roleName}. */
  roleName: string | null;
  /** From the URL: roles/roles?create (with `copy=<role>` for "Copy to a new role"). */
  isCreating: boolean;
  copyOf: string | null;
}

/** Security → Roles → Roles: the list, one role, or the create form. */
export function RolesPage({ serviceId, canEdit, roleName, isCreating, copyOf }: RolesPageProps) {
  useDocumentTitle(roleName === null ? 'Roles · Herald Cloud' : `Role ${roleName} · Herald Cloud`);
  const security = useSecurity(serviceId);
  // The "used by" counts; the list shows without them while they load or when they cannot load.
  const authentication = useAuthentication(serviceId);
  const base = `/service/${encodeURIComponent(serviceId)}/roles/roles`;
  const roleUrl = (name: string) => `${base}/${encodeURIComponent(name)}`;
  const createUrl = (copy?: string) =>
    `${base}?create${copy === undefined ? '' : `&copy=${encodeURIComponent(copy)}`}`;

  if (security.isPending) return <SecurityPageSkeleton label="Loading the roles" />;
  if (security.isError)
    return (
      <LoadFailed
        title="The roles could not be loaded"
        error={security.error}
        onRetry={security.refetch}
      />
    );
  const principals = authentication.data?.principals;
  if (roleName !== null || isCreating) {
    return (
      <RolePage
        key={roleName ?? `create:${copyOf ?? ''}`}
        serviceId={serviceId}
        store={security.data}
        principals={principals}
        roleName={roleName}
        copyOf={copyOf}
        canEdit={canEdit}
        rolesUrl={base}
        roleUrl={roleUrl}
        createUrl={createUrl}
      />
    );
  }
  return (
    <RolesList
      roles={security.data.roles}
      principals={principals}
      roleUrl={roleUrl}
      createUrl={createUrl()}
      canEdit={canEdit}
    />
  );
}
