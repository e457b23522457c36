import type { Role } from '@herald/contract/members/permissions';
import type { Service } from '@herald/contract/services/service.schema';
import { useOutletContext } from 'react-router';

/** What the service layout hands its pages (through the outlet context). */
export interface ServiceContext {
  service: Service;
  /** The user's roles in the service's workspace (spec section 6). */
  roles: Role[];
}

export function useServiceContext(): ServiceContext {
  return useOutletContext<ServiceContext>();
}
