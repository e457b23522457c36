import { serviceNameSchema } from './service.schema';

/**
 * Names a service may not take: they would shadow the product's own host names or confuse users
 * (docs/decisions/010). Compared after trimming and lower-casing.
 */
export const RESERVED_SERVICE_NAMES = [
  'admin',
  'api',
  'app',
  'auth',
  'console',
  'dashboard',
  'docs',
  'herald',
  'localhost',
  'login',
  'mail',
  'metrics',
  'mqtt',
  'root',
  'status',
  'support',
  'system',
  'www',
] as const;

/** The `reason` texts of GET /v3/service/{name}/check besides the format messages of serviceNameSchema. */
export const SERVICE_NAME_REASONS = {
  taken: 'This service name is already taken',
  reserved: 'This service name is reserved',
} as const;

export type ServiceNameVerdict =
  { valid: true } | { valid: false; kind: 'format' | 'reserved' | 'taken'; reason: string };

/**
 * The service name check of spec section 5, in order: format (the first failing rule's message), reserved,
 * then taken (the caller says whether another service already has the name).
 */
export function checkServiceName(
  name: string,
  isTaken: (name: string) => boolean,
): ServiceNameVerdict {
  const parsed = serviceNameSchema.safeParse(name);
  if (!parsed.success) {
    return {
      valid: false,
      kind: 'format',
      reason: parsed.error.issues[0]?.message ?? 'Invalid name',
    };
  }
  const normalised = parsed.data;
  if ((RESERVED_SERVICE_NAMES as readonly string[]).includes(normalised)) {
    return { valid: false, kind: 'reserved', reason: SERVICE_NAME_REASONS.reserved };
  }
  if (isTaken(normalised))
    return { valid: false, kind: 'taken', reason: SERVICE_NAME_REASONS.taken };
  return { valid: true };
}
