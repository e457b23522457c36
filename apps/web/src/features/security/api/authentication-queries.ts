import type {
  AnonymousAction,
  ExplainQuery,
  PrincipalInput,
  TrustedProperties,
} from '@herald/contract/security/security.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { securityKeys } from './security-keys';

/** GET /v3/service/{serviceId}/authentication: principals (never their passwords), anonymous policy, properties. */
export const authenticationQuery = (serviceId: string) =>
  queryOptions({
    queryKey: securityKeys.authentication(serviceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getAuthentication, { signal, params: { serviceId } });
    },
  });

export function useAuthentication(serviceId: string) {
  return useQuery(authenticationQuery(serviceId));
}

/**
 * GET /v3/service/{serviceId}/security/explain: the runtime's own answer for a subject and a target. Kept while the
 * next answer loads, so the page does not flash empty between two keystrokes.
 */
export const explainQuery = (serviceId: string, query: ExplainQuery) =>
  queryOptions({
    queryKey: securityKeys.explain(serviceId, query.subject, query.target),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.explainAccess, { signal, params: { serviceId }, query });
    },
  });

export function useExplain(serviceId: string, query: ExplainQuery | null) {
  return useQuery({
    ...explainQuery(serviceId, query ?? { subject: '', target: '' }),
    enabled: query !== null,
    placeholderData: (previous) => previous,
  });
}

/** Every write can change what the other security screens show (a principal's roles, the explainer's answers). */
function useInvalidateSecurity(serviceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.service(serviceId) });
}

export interface PutPrincipalVariables {
  name: string;
  body: PrincipalInput;
}

/**
 * PUT …/authentication/principals/{name}: create (with a password) or change roles (without one, the password is
 * kept). The caller shows failures in its form.
 */
export function usePutPrincipalMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async ({ name, body }: PutPrincipalVariables) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putPrincipal, {
        params: { serviceId, principalName: name },
        body,
      });
    },
    onSuccess: invalidate,
    meta: { handlesError: true },
  });
}

/** PUT …/principals/{name}/password: the principal's live sessions are closed by the runtime. */
export function useSetPrincipalPasswordMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putPrincipalPassword, {
        params: { serviceId, principalName: name },
        body: { password },
      });
    },
    onSuccess: invalidate,
    meta: { handlesError: true },
  });
}

/** DELETE …/principals/{name}. */
export function useRemovePrincipalMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async (name: string) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.deletePrincipal, { params: { serviceId, principalName: name } });
    },
    onSuccess: invalidate,
    meta: { context: 'removing the principal' },
  });
}

/** PUT …/authentication/anonymous. */
export function useAnonymousActionMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async (anonymousAction: AnonymousAction) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putAnonymousAction, {
        params: { serviceId },
        body: { anonymousAction },
      });
    },
    onSuccess: invalidate,
    meta: { context: 'saving the anonymous sessions policy' },
  });
}

/** PUT …/authentication/trusted-properties: replaces the whole set. */
export function useTrustedPropertiesMutation(serviceId: string) {
  const invalidate = useInvalidateSecurity(serviceId);
  return useMutation({
    mutationFn: async (trustedProperties: TrustedProperties) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.putTrustedProperties, {
        params: { serviceId },
        body: { trustedProperties },
      });
    },
    onSuccess: invalidate,
    meta: { context: 'saving the trusted properties' },
  });
}
