/** Query keys of the logs screens (CONVENTIONS section 5: keys are factories). */
export const logsKeys = {
  all: ['logs'] as const,
  service: (serviceId: string) => [...logsKeys.all, serviceId] as const,
  sources: (serviceId: string) => [...logsKeys.service(serviceId), 'sources'] as const,
};
