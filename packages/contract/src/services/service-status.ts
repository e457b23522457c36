/** Service status values, spec section 4. Wire values: never rename. */
export const SERVICE_STATUSES = [
  'SUSPENDED',
  'CHECKING',
  'POD_PENDING',
  'POD_INITIALIZING',
  'POD_RUNNING_PENDING_DNS',
  'RUNNING',
  'ERROR',
  'UNAVAILABLE',
] as const;

export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
