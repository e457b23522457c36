/**
 * Query keys of a service's Kafka adapter screens (CONVENTIONS section 5: keys are factories). Every write
 * invalidates `kafkaKeys.adapters(serviceId)`; the live state is polled on its own key.
 */
export const kafkaKeys = {
  all: ['kafka'] as const,
  service: (serviceId: string) => [...kafkaKeys.all, serviceId] as const,
  adapters: (serviceId: string) => [...kafkaKeys.service(serviceId), 'adapters'] as const,
  state: (serviceId: string, adapterId: string) =>
    [...kafkaKeys.service(serviceId), 'state', adapterId] as const,
  schedule: (serviceId: string, adapterId: string) =>
    [...kafkaKeys.service(serviceId), 'schedule', adapterId] as const,
};
