/**
 * Query keys of a service's security screens (CONVENTIONS section 5: keys are factories). Every write invalidates
 * `securityKeys.service(serviceId)`: a role change can change principals (a removed role), the explainer's answers
 * and the default roles at once.
 */
export const securityKeys = {
  all: ['security'] as const,
  service: (serviceId: string) => [...securityKeys.all, serviceId] as const,
  store: (serviceId: string) => [...securityKeys.service(serviceId), 'store'] as const,
  authentication: (serviceId: string) =>
    [...securityKeys.service(serviceId), 'authentication'] as const,
  explain: (serviceId: string, subject: string, target: string) =>
    [...securityKeys.service(serviceId), 'explain', subject, target] as const,
};
