/**
 * The permissions of a service's security store (DATA-PLANE "Security store") and what each means in Herald, in
 * words for people (the roles screen's permissions matrix shows these). docs/decisions/021.
 */
export const GLOBAL_PERMISSIONS = [
  'AUTHENTICATE',
  'VIEW_SESSION',
  'MODIFY_SESSION',
  'REGISTER_HANDLER',
  'VIEW_SERVER',
  'CONTROL_SERVER',
  'VIEW_SECURITY',
  'MODIFY_SECURITY',
  'READ_TOPIC_VIEWS',
  'MODIFY_TOPIC_VIEWS',
] as const;
export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];

export const PATH_PERMISSIONS = [
  'READ_TOPIC',
  'UPDATE_TOPIC',
  'MODIFY_TOPIC',
  'SELECT_TOPIC',
  'SEND_TO_MESSAGE_HANDLER',
  'SEND_TO_SESSION',
  'QUERY_OBSOLETE_TIME_SERIES_EVENTS',
  'EDIT_TIME_SERIES_EVENTS',
  'EDIT_OWN_TIME_SERIES_EVENTS',
  'ACQUIRE_LOCK',
  'EXPOSE_BRANCH',
] as const;
export type PathPermission = (typeof PATH_PERMISSIONS)[number];

export const GLOBAL_PERMISSION_WORDS: Record<GlobalPermission, { label: string; effect: string }> =
  {
    AUTHENTICATE: {
      label: 'Authenticate',
      effect: 'Register authentication handlers (not used by MQTT clients).',
    },
    VIEW_SESSION: { label: 'View sessions', effect: 'List the connected sessions.' },
    MODIFY_SESSION: { label: 'Modify sessions', effect: 'Close other sessions.' },
    REGISTER_HANDLER: {
      label: 'Register handlers',
      effect: 'Register message handlers (not used by MQTT clients).',
    },
    VIEW_SERVER: {
      label: 'View server',
      effect: 'Read the server state: metrics and the $SYS/ topics.',
    },
    CONTROL_SERVER: {
      label: 'Control server',
      effect: 'Change credentials and revocations of the service.',
    },
    VIEW_SECURITY: {
      label: 'View security',
      effect: 'Read roles, principals and the authentication settings.',
    },
    MODIFY_SECURITY: {
      label: 'Modify security',
      effect: 'Change roles, principals and the authentication settings.',
    },
    READ_TOPIC_VIEWS: { label: 'Read topic views', effect: 'Read topic view definitions.' },
    MODIFY_TOPIC_VIEWS: {
      label: 'Modify topic views',
      effect: 'Create, change and remove topic views.',
    },
  };

export const PATH_PERMISSION_WORDS: Record<PathPermission, { label: string; effect: string }> = {
  READ_TOPIC: {
    label: 'Read',
    effect: 'Receive values of topics here (MQTT delivery, retained values included).',
  },
  UPDATE_TOPIC: { label: 'Update', effect: 'Publish values to existing topics here.' },
  MODIFY_TOPIC: {
    label: 'Modify',
    effect: 'Create and remove topics here (with Update, a PUBLISH may create).',
  },
  SELECT_TOPIC: {
    label: 'Select',
    effect: 'Subscribe with a filter or selector whose prefix is here.',
  },
  SEND_TO_MESSAGE_HANDLER: { label: 'Send to handler', effect: 'Send messages to a handler here.' },
  SEND_TO_SESSION: { label: 'Send to session', effect: 'Send messages to sessions here.' },
  QUERY_OBSOLETE_TIME_SERIES_EVENTS: {
    label: 'Query old events',
    effect: 'Read time series events that were edited.',
  },
  EDIT_TIME_SERIES_EVENTS: { label: 'Edit events', effect: 'Edit any time series event here.' },
  EDIT_OWN_TIME_SERIES_EVENTS: {
    label: 'Edit own events',
    effect: 'Edit time series events this principal appended.',
  },
  ACQUIRE_LOCK: { label: 'Acquire lock', effect: 'Acquire session locks named here.' },
  EXPOSE_BRANCH: { label: 'Expose branch', effect: 'Expose this branch to remote servers.' },
};

/** Role names: letters, digits, `_`, `-`, `.`; up to 64 characters. */
export const ROLE_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Built-in roles, present in every service and read-only (docs/decisions/021): the dashboard's members and the
 * service API tokens act through them, so editing one would silently change what a workspace role may do over MQTT.
 * A user who needs a variation creates a role and includes or copies one of these.
 */
export const BUILT_IN_ROLE_NAMES = {
  administrator: 'ADMINISTRATOR',
  operator: 'OPERATOR',
  observer: 'OBSERVER',
  publisher: 'PUBLISHER',
  client: 'CLIENT',
} as const;
export type BuiltInRoleName = (typeof BUILT_IN_ROLE_NAMES)[keyof typeof BUILT_IN_ROLE_NAMES];

export interface RoleDefinition {
  name: string;
  globalPermissions: GlobalPermission[];
  defaultPathPermissions: PathPermission[];
  /** Path → permissions assigned on that path (replacing, not adding to, what it would inherit). */
  pathPermissions: Record<string, PathPermission[]>;
  includedRoles: string[];
  /** When set, only a session of this principal may change the role. */
  lockingPrincipal: string | null;
}

export const BUILT_IN_ROLES: readonly (RoleDefinition & { description: string })[] = [
  {
    name: BUILT_IN_ROLE_NAMES.administrator,
    description:
      'Everything, everywhere. Workspace Owners and Admins act with it in the dashboard.',
    globalPermissions: [...GLOBAL_PERMISSIONS],
    defaultPathPermissions: [...PATH_PERMISSIONS],
    pathPermissions: {},
    includedRoles: [],
    lockingPrincipal: null,
  },
  {
    name: BUILT_IN_ROLE_NAMES.operator,
    description: 'Reads everything (topics, $SYS/, sessions, security); changes nothing.',
    globalPermissions: ['VIEW_SESSION', 'VIEW_SERVER', 'VIEW_SECURITY', 'READ_TOPIC_VIEWS'],
    defaultPathPermissions: ['READ_TOPIC', 'SELECT_TOPIC', 'QUERY_OBSOLETE_TIME_SERIES_EVENTS'],
    pathPermissions: {},
    includedRoles: [],
    lockingPrincipal: null,
  },
  {
    name: BUILT_IN_ROLE_NAMES.observer,
    description:
      'Reads topics and the security settings; no $SYS/, publishes nothing. Workspace Users act with it.',
    globalPermissions: ['VIEW_SECURITY', 'READ_TOPIC_VIEWS'],
    defaultPathPermissions: [],
    pathPermissions: {},
    includedRoles: [BUILT_IN_ROLE_NAMES.client],
    lockingPrincipal: null,
  },
  {
    name: BUILT_IN_ROLE_NAMES.publisher,
    description: 'Reads, subscribes, publishes and creates topics everywhere; no administration.',
    globalPermissions: [],
    defaultPathPermissions: ['READ_TOPIC', 'SELECT_TOPIC', 'UPDATE_TOPIC', 'MODIFY_TOPIC'],
    pathPermissions: {},
    includedRoles: [],
    lockingPrincipal: null,
  },
  {
    name: BUILT_IN_ROLE_NAMES.client,
    description: 'Reads and subscribes everywhere; publishes nothing.',
    globalPermissions: [],
    defaultPathPermissions: ['READ_TOPIC', 'SELECT_TOPIC'],
    pathPermissions: {},
    includedRoles: [],
    lockingPrincipal: null,
  },
];

export function isBuiltInRole(name: string): boolean {
  return BUILT_IN_ROLES.some((role) => role.name === name);
}

/**
 * The roles of the sessions that do not log in with a principal (docs/decisions/021), shown read-only on the Default
 * roles screen: a member's dashboard token by workspace role (spec section 6: Owner and Admin may
 * configure-service-console), and a service API token by scope.
 */
export const TOKEN_SESSION_ROLES = {
  dashboardAdministrator: [BUILT_IN_ROLE_NAMES.administrator],
  dashboardUser: [BUILT_IN_ROLE_NAMES.observer],
  serviceTokenWrite: [BUILT_IN_ROLE_NAMES.administrator],
  serviceTokenRead: [BUILT_IN_ROLE_NAMES.client],
  /** An adapter process (Kafka, REST) reads, subscribes, publishes and creates topics; it administers nothing. */
  serviceTokenAdapter: [BUILT_IN_ROLE_NAMES.publisher],
} as const;

/** Initial settings of a new service: a principal has only the roles assigned to it; anonymous sessions are denied. */
export const DEFAULT_ROLES_FOR_NAMED_SESSIONS: string[] = [];
export const DEFAULT_ROLES_FOR_ANONYMOUS_SESSIONS: string[] = [];
