/**
 * The console's wire names without zod, so the console page (apps/web/console) stays small: the service host's
 * paths, the single sign-on cookie and flag, and the `$SYS/` topics with their JSON shapes (validated by the
 * schemas of console.schema.ts where zod is at hand).
 */
/** Where the service host takes a console ticket (a form POST from the dashboard) and hands the token over. */
export const CONSOLE_SSO_PATH = '/_console/sso';
export const CONSOLE_SSO_TOKEN_PATH = '/_console/sso-token';
/** The query flag the console opens with after single sign-on (section 6). */
export const CONSOLE_SSO_LOGIN_PARAM = 'sso-login';
/** The 30-second cookie carrying the token on the service host only (section 9). */
export const CONSOLE_SSO_COOKIE = 'herald_console_sso';
/** The MQTT username of a token sign-in: services/service-token.ts TOKEN_MQTT_USERNAME (a test keeps them equal). */
export const CONSOLE_TOKEN_USERNAME = 'token';
/** The form field of the ticket. */
export const CONSOLE_TICKET_FIELD = 'ticket';

/** The retained `$SYS/` topics the runtime publishes for the console (ADMINISTRATOR only). */
export const SYS_SERVER_TOPIC = '$SYS/herald/server';
export const SYS_SESSIONS_TOPIC = '$SYS/herald/sessions';

/** The most sessions `$SYS/herald/sessions` lists (the oldest first); `total` counts them all. */
export const SYS_SESSIONS_LIMIT = 500;

export interface SysServerInfo {
  serviceId: string;
  serviceName: string;
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  sessions: number;
  topics: number;
  topicsCapacity: number;
  updatedAt: string;
}

export interface SysSessionInfo {
  clientId: string;
  principal: string;
  transport: 'TCP' | 'WEBSOCKET';
  connectedAt: string;
}

export interface SysSessionsInfo {
  total: number;
  sessions: SysSessionInfo[];
}
