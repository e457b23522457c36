/**
 * Query keys of a service's REST API screens (CONVENTIONS section 5: keys are factories). Every write invalidates
 * `restKeys.service(serviceId)`; the adapter's state is polled on its own key.
 */
export const restKeys = {
  all: ['rest'] as const,
  service: (serviceId: string) => [...restKeys.all, serviceId] as const,
  apis: (serviceId: string) => [...restKeys.service(serviceId), 'apis'] as const,
  state: (serviceId: string) => [...restKeys.service(serviceId), 'state'] as const,
};
