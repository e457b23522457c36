import { hasPermission } from '../members/permissions';

/**
 * What the dashboard's Console entry does (spec sections 2, 5, 6; docs/decisions/020):
 * - `sso`: the service uses console single sign-on: every member opens the console signed in as themselves
 *   (Admin and Owner as ADMINISTRATOR, User as CLIENT);
 * - `setup-admin-user`: no single sign-on, and the member may configure-service-console: the Setup admin user
 *   modal, then the console in a new tab;
 * - `login-page`: no single sign-on and no such permission: the console's own sign-in page.
 */
export type ConsoleEntryAction = 'sso' | 'setup-admin-user' | 'login-page';

export function consoleEntryAction(input: {
  useConsoleSso: boolean;
  roles: readonly string[];
}): ConsoleEntryAction {
  if (input.useConsoleSso) return 'sso';
  return hasPermission(input.roles, 'configure-service-console')
    ? 'setup-admin-user'
    : 'login-page';
}
