import {
  adminPrincipalRequestSchema,
  adminPrincipalSchema,
  consoleSsoTicketSchema,
} from '../../console/console.schema';
import { defineRoute } from '../define-route';
import { serviceParamsSchema } from './params';

const tags = ['console'] as const;

/** The service console (spec sections 2, 5, 6; paths are ours: docs/decisions/020). */
export const consoleRoutes = {
  createConsoleSsoTicket: defineRoute({
    method: 'POST',
    path: '/v3/service/{serviceId}/console/sso',
    summary:
      "A 30-second single-use ticket that signs the member in to the service's console (single sign-on)",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    responses: { 200: consoleSsoTicketSchema },
  }),
  putAdminPrincipal: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/admin-principal',
    summary: "Create or replace an admin user (role ADMINISTRATOR) of the service's console",
    tags,
    access: 'service',
    permission: 'configure-service-console',
    params: serviceParamsSchema,
    body: adminPrincipalRequestSchema,
    responses: { 200: adminPrincipalSchema },
  }),
} as const;
