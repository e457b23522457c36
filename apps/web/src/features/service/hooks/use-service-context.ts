import type { Role } from '@herald/contract/members/permissions';
import type { ServiceStatus } from '@herald/contract/services/service-status';
import type { Service } from '@herald/contract/services/service.schema';
import { useOutletContext } from 'react-router';

/** What the service layout hands its pages (through the outlet context). */
export interface ServiceContext {
  service: Service;
  /** The user's roles in the service's workspace (spec section 6). */
  roles: Role[];
  /** The service's live status (pushed or polled by the layout), newer than `service.status`. */
  status: ServiceStatus;
}

export function useServiceContext(): ServiceContext {
  return useOutletContext<ServiceContext>();
}
