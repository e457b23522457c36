import { z } from 'zod';
import { SYSTEM_PRINCIPAL_DEFAULT_ROLE } from '../constants';

export * from './console-wire';

/**
 * The service console (spec sections 2, 5, 6; docs/decisions/020): its single sign-on ticket, the admin principal
 * the Setup admin user modal creates, and the wire names the service host and the console page share.
 */

export const ADMIN_PASSWORD_MIN_LENGTH = 8;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;
export const ADMIN_USERNAME_MAX_LENGTH = 100;

export const adminUsernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(
    ADMIN_USERNAME_MAX_LENGTH,
    `Username must be at most ${ADMIN_USERNAME_MAX_LENGTH} characters`,
  )
  .regex(/^[^\s/]*$/, 'Username must not contain spaces or "/"')
  .refine((name) => !name.startsWith('$'), 'Username must not start with "$"');

export const adminPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(
    ADMIN_PASSWORD_MIN_LENGTH,
    `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
  )
  .max(
    ADMIN_PASSWORD_MAX_LENGTH,
    `Password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`,
  );

/** PUT /v3/service/{serviceId}/admin-principal: the console's admin user (System principal, section 3). */
export const adminPrincipalRequestSchema = z.strictObject({
  username: adminUsernameSchema,
  password: adminPasswordSchema,
});
export type AdminPrincipalRequest = z.infer<typeof adminPrincipalRequestSchema>;

export const adminPrincipalSchema = z.object({
  username: z.string(),
  roles: z.array(z.literal(SYSTEM_PRINCIPAL_DEFAULT_ROLE)),
  /** The console where the principal signs in (the service host's `/`). */
  consoleUrl: z.string(),
  /** False when the name existed and its password was replaced. */
  created: z.boolean(),
});
export type AdminPrincipal = z.infer<typeof adminPrincipalSchema>;

/** POST /v3/service/{serviceId}/console/sso: a 30-second single-use ticket the service host exchanges. */
export const consoleSsoTicketSchema = z.object({
  /** The service host's form target, `{console}/_console/sso`. */
  ssoUrl: z.string(),
  consoleUrl: z.string(),
  ticket: z.string(),
  expiresIn: z.number().int().positive(),
});
export type ConsoleSsoTicket = z.infer<typeof consoleSsoTicketSchema>;

/** `$SYS/herald/server` (JSON). */
export const sysServerSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  version: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  sessions: z.number(),
  topics: z.number(),
  topicsCapacity: z.number(),
  updatedAt: z.string(),
});
export type SysServer = z.infer<typeof sysServerSchema>;

export const sysSessionSchema = z.object({
  clientId: z.string(),
  principal: z.string(),
  transport: z.enum(['TCP', 'WEBSOCKET']),
  connectedAt: z.string(),
  /** The client-proposed session properties the service trusts (docs/decisions/021); absent from older runtimes. */
  properties: z.record(z.string(), z.string()).optional(),
});
/** `$SYS/herald/sessions` (JSON): the sessions, oldest first, at most SYS_SESSIONS_LIMIT of them. */

export const sysSessionsSchema = z.object({
  total: z.number(),
  sessions: z.array(sysSessionSchema),
});
export type SysSessions = z.infer<typeof sysSessionsSchema>;
