import type {
  DefaultRolesInput,
  IsolatedPathsInput,
  RoleInput,
} from '@herald/contract/security/security.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { securityKeys } from './security-keys';

/**
 * GET /v3/service/{serviceId}/security: roles (built-ins first), default roles and isolated paths. The Auth screens
 * read the same key, so both share one cache entry.
 */
export const securityQuery = (serviceId: string) =>
  queryOptions({
    queryKey: securityKeys.store(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getSecurity, { signal, params: { serviceId } });
    },
  });

export function useSecurity(serviceId: string) {
  return useQuery(securityQuery(serviceId));
}

/** A role change can change principals (a removed role), default roles and the explainer's answers at once. */
function useInvalidateSecurity(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.service(serviceId) });
}

export interface PutRoleVariables {
  name: string;
  body: RoleInput;
}

/** PUT …/security/roles/{name}: creates or replaces the whole role. The editor shows failures on its fields. */
export function usePutRoleMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async ({ name, body }: PutRoleVariables) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putRole, { params: { serviceId, roleName: name }, body });
    },
    onSuccess: invalidate,
    meta: { handlesError: true },
  });
}

/** DELETE …/security/roles/{name}: the runtime also takes the role out of principals, defaults and other roles. */
export function useRemoveRoleMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async (name: string) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.deleteRole, { params: { serviceId, roleName: name } });
    },
    onSuccess: invalidate,
    meta: { context: 'removing the role' },
  });
}

/** PUT …/security/default-roles. */
export function usePutDefaultRolesMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async (body: DefaultRolesInput) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putDefaultRoles, { params: { serviceId }, body });
    },
    onSuccess: invalidate,
    meta: { context: 'saving the default roles' },
  });
}

/** PUT …/security/isolated-paths: replaces the whole list. */
export function usePutIsolatedPathsMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async (body: IsolatedPathsInput) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putIsolatedPaths, { params: { serviceId }, body });
    },
    onSuccess: invalidate,
    meta: { context: 'saving the isolated paths' },
  });
}
