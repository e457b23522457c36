import { z } from 'zod';
import { DOT_SEGMENT_MESSAGE, isDotSegment } from '../common/path-segment';
import { checkTopicPath } from '../topics/topic-path';
import { GLOBAL_PERMISSIONS, PATH_PERMISSIONS, ROLE_NAME_PATTERN } from './permissions';

/**
 * Wire shapes of a service's security store and authentication store (DATA-PLANE "Security store",
 * "Authentication store"; spec section 2 roles/authentication). The runtime keeps both; the control plane forwards
 * (docs/decisions/021). Passwords are write-only: no answer carries one or its hash.
 */
export const globalPermissionSchema = z.enum(GLOBAL_PERMISSIONS);
export const pathPermissionSchema = z.enum(PATH_PERMISSIONS);

export const roleNameSchema = z
  .string({ error: 'Role name is required' })
  .trim()
  .regex(ROLE_NAME_PATTERN, 'Role name: 1 to 64 letters, digits, "_", "-" or "."')
  .refine((name) => !isDotSegment(name), `Role name ${DOT_SEGMENT_MESSAGE}`);

/** Principal names as the runtime accepts them (the console's admin user follows the same rule). */
export const PRINCIPAL_NAME_PATTERN = /^[^\s/$?][^\s/?]{0,127}$/;
export const principalNameSchema = z
  .string({ error: 'Principal name is required' })
  .trim()
  .regex(
    PRINCIPAL_NAME_PATTERN,
    'Principal name: 1 to 128 characters without spaces, "/" or "?", not starting with "$"',
  )
  .refine((name) => !isDotSegment(name), `Principal name ${DOT_SEGMENT_MESSAGE}`);

export const PRINCIPAL_PASSWORD_MIN_LENGTH = 8;
export const PRINCIPAL_PASSWORD_MAX_LENGTH = 128;
export const principalPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(
    PRINCIPAL_PASSWORD_MIN_LENGTH,
    `Password must be at least ${PRINCIPAL_PASSWORD_MIN_LENGTH} characters`,
  )
  .max(
    PRINCIPAL_PASSWORD_MAX_LENGTH,
    `Password must be at most ${PRINCIPAL_PASSWORD_MAX_LENGTH} characters`,
  );

/**
 * A path that carries permissions or isolation. `__proto__` is refused: as a key of a JSON object it would be dropped
 * silently by record parsing (and by the browser's objects), losing an assignment such as "nothing here".
 */
export const securityPathSchema = z.string().superRefine((path, context) => {
  const check = checkTopicPath(path);
  if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  else if (path === '__proto__') {
    context.addIssue({ code: 'custom', message: 'The path "__proto__" cannot carry permissions' });
  }
});

/**
 * zod reports a bad record key only as "Invalid key in record"; pass on the key schema's own message instead, so the
 * answer says why the path or property name is refused (the issue's path already names the key).
 */
const keyMessage = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'invalid_key' ? issue.issues?.[0]?.message : undefined,
};

const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .transform((items) => [...new Set(items)] as z.output<T>[]);

/** A role as stored and answered. `builtIn` roles are read-only. */
export const roleSchema = z.object({
  name: z.string(),
  builtIn: z.boolean(),
  description: z.string().nullable(),
  globalPermissions: z.array(globalPermissionSchema),
  defaultPathPermissions: z.array(pathPermissionSchema),
  pathPermissions: z.record(z.string(), z.array(pathPermissionSchema)),
  includedRoles: z.array(z.string()),
  lockingPrincipal: z.string().nullable(),
});
export type Role = z.infer<typeof roleSchema>;

/** PUT …/security/roles/{roleName}: creates or replaces the whole role (setting permissions replaces the set). */
export const roleInputSchema = z.strictObject({
  description: z.string().trim().max(500).nullable().optional(),
  globalPermissions: uniqueList(globalPermissionSchema, GLOBAL_PERMISSIONS.length),
  defaultPathPermissions: uniqueList(pathPermissionSchema, PATH_PERMISSIONS.length),
  pathPermissions: z
    .record(
      securityPathSchema,
      uniqueList(pathPermissionSchema, PATH_PERMISSIONS.length),
      keyMessage,
    )
    .refine((record) => Object.keys(record).length <= 1000, 'at most 1000 paths'),
  includedRoles: uniqueList(roleNameSchema, 100),
  lockingPrincipal: principalNameSchema.nullable().optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const securityStoreSchema = z.object({
  roles: z.array(roleSchema),
  rolesForNamedSessions: z.array(z.string()),
  rolesForAnonymousSessions: z.array(z.string()),
  isolatedPaths: z.array(z.string()),
});
export type SecurityStore = z.infer<typeof securityStoreSchema>;

export const defaultRolesInputSchema = z.strictObject({
  rolesForNamedSessions: uniqueList(roleNameSchema, 100),
  rolesForAnonymousSessions: uniqueList(roleNameSchema, 100),
});
export type DefaultRolesInput = z.input<typeof defaultRolesInputSchema>;

export const isolatedPathsInputSchema = z.strictObject({
  isolatedPaths: uniqueList(securityPathSchema, 1000),
});
export type IsolatedPathsInput = z.input<typeof isolatedPathsInputSchema>;

/** ALLOW (with the anonymous roles), DENY, or ABSTAIN (no decision: with no other authenticator, refused). */
export const ANONYMOUS_ACTIONS = ['ALLOW', 'DENY', 'ABSTAIN'] as const;
export const anonymousActionSchema = z.enum(ANONYMOUS_ACTIONS);
export type AnonymousAction = z.infer<typeof anonymousActionSchema>;

/** Session property names a client may propose: not the fixed `$` ones the runtime sets. */
export const PROPERTY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const trustedPropertyRuleSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('values'),
    values: z.array(z.string().max(256)).min(1, 'at least one value').max(100),
  }),
  z.strictObject({
    type: z.literal('regex'),
    regex: z
      .string()
      .min(1, 'a pattern is required')
      .max(256, 'a pattern of at most 256 characters'),
  }),
]);
export type TrustedPropertyRule = z.infer<typeof trustedPropertyRuleSchema>;
export const trustedPropertiesSchema = z
  .record(
    z
      .string()
      .regex(PROPERTY_NAME_PATTERN, 'property names: a letter, then letters, digits, "_" or "-"'),
    trustedPropertyRuleSchema,
    keyMessage,
  )
  .refine((record) => Object.keys(record).length <= 100, 'at most 100 trusted properties');
export type TrustedProperties = z.infer<typeof trustedPropertiesSchema>;

export const principalSchema = z.object({
  name: z.string(),
  roles: z.array(z.string()),
  lockingPrincipal: z.string().nullable(),
});
export type Principal = z.infer<typeof principalSchema>;

export const authenticationStoreSchema = z.object({
  principals: z.array(principalSchema),
  anonymousAction: anonymousActionSchema,
  trustedProperties: trustedPropertiesSchema,
});
export type AuthenticationStore = z.infer<typeof authenticationStoreSchema>;

/** PUT …/authentication/principals/{principalName}: a new principal needs a password; an update may omit it. */
export const principalInputSchema = z.strictObject({
  password: principalPasswordSchema.optional(),
  roles: uniqueList(roleNameSchema, 100),
  lockingPrincipal: principalNameSchema.nullable().optional(),
});
export type PrincipalInput = z.input<typeof principalInputSchema>;

export const principalPasswordInputSchema = z.strictObject({ password: principalPasswordSchema });
export const anonymousActionInputSchema = z.strictObject({
  anonymousAction: anonymousActionSchema,
});
export const trustedPropertiesInputSchema = z.strictObject({
  trustedProperties: trustedPropertiesSchema,
});

/** Answer of a removal: what else changed with it (a role is also taken out of principals and other roles). */
export const roleRemovedSchema = z.object({
  removed: z.string(),
  principalsChanged: z.array(z.string()),
  rolesChanged: z.array(z.string()),
});
export const principalRemovedSchema = z.object({ removed: z.string(), disconnected: z.number() });
/** Sessions whose rights the change removed are closed at once; `disconnected` says how many. */
export const securityWriteResultSchema = z.object({ disconnected: z.number() });
export const roleSavedSchema = z.object({
  role: roleSchema,
  created: z.boolean(),
  disconnected: z.number(),
});
export const principalSavedSchema = z.object({
  principal: principalSchema,
  created: z.boolean(),
  disconnected: z.number(),
});

export const roleParamsFields = { roleName: roleNameSchema };
export const principalParamsFields = { principalName: principalNameSchema };

/**
 * The effective-permission explainer (GET …/security/explain): who (`principal:<name>`, `anonymous`,
 * `serviceToken:read`, `serviceToken:write`, `member:User`, `member:Admin`) against what (a topic path, an MQTT
 * filter such as `a/+/c` or `#`, or a topic selector such as `?a/.*`). The runtime answers with the functions it
 * enforces with (mqtt-rights.ts).
 */
export const EXPLAIN_SUBJECT_PATTERN =
  /^(principal:.+|anonymous|serviceToken:(read|write|adapter)|member:(User|Admin|Owner))$/;
export const explainQuerySchema = z.strictObject({
  subject: z
    .string({ error: 'subject is required' })
    .regex(
      EXPLAIN_SUBJECT_PATTERN,
      'subject: principal:<name>, anonymous, serviceToken:read, serviceToken:write, serviceToken:adapter or member:<role>',
    ),
  target: z
    .string({ error: 'target is required' })
    .min(1, 'target: a topic path, MQTT filter or selector')
    .max(1024),
});
export type ExplainQuery = z.infer<typeof explainQuerySchema>;

const decisionSchema = z.object({ allowed: z.boolean(), reason: z.string() });
const heldRoleSchema = z.object({
  name: z.string(),
  via: z.array(z.string()),
  exists: z.boolean(),
});
const rolePathSourceSchema = z.object({
  role: z.string(),
  via: z.array(z.string()),
  source: z.enum(['path', 'ancestor', 'default']),
  assignedPath: z.string().nullable(),
  isolatedBy: z.string().nullable(),
  permissions: z.array(pathPermissionSchema),
});

export const explanationSchema = z.object({
  subject: z.object({
    kind: z.enum(['principal', 'anonymous', 'serviceToken', 'member']),
    label: z.string(),
    /** Whether such a session can connect now (an unknown principal, DENY for anonymous: false, with why). */
    canConnect: decisionSchema,
    /** The roles the session gets before inclusion: assigned, plus the default roles of its kind. */
    assignedRoles: z.array(z.string()),
    /** Where each assigned role comes from ("assigned to the principal", "roles for named sessions", …). */
    roleOrigins: z.record(z.string(), z.string()),
  }),
  roles: z.array(heldRoleSchema),
  globalPermissions: z.array(
    z.object({ permission: globalPermissionSchema, grantedBy: z.array(z.string()) }),
  ),
  target: z.object({
    text: z.string(),
    kind: z.enum(['path', 'mqttFilter', 'selector']),
    /** The path whose permissions decide SUBSCRIBE (the literal prefix; the path itself for a path). */
    prefix: z.string(),
  }),
  /** Resolution on the prefix: the union and, per role, where it comes from. */
  prefixPermissions: z.object({
    path: z.string(),
    permissions: z.array(pathPermissionSchema),
    sources: z.array(rolePathSourceSchema),
  }),
  mqtt: z.object({
    canSubscribe: decisionSchema,
    /** For a path: READ_TOPIC there. For a filter or selector: over the existing topics it matches. */
    receivesValues: decisionSchema,
    /** Null for filters and selectors (a PUBLISH names one path). */
    canPublish: decisionSchema.nullable(),
    canCreate: decisionSchema.nullable(),
  }),
  /** For a filter or selector: existing matching topics (up to 50) and whether each value is delivered. */
  matchingTopics: z.array(z.object({ path: z.string(), receives: decisionSchema })),
  matchingTopicCount: z.number(),
});
export type Explanation = z.infer<typeof explanationSchema>;
