import { PRINCIPAL_MESSAGES } from '../messages';
import { SYSTEM_PRINCIPAL_DEFAULT_ROLE } from '../constants';
import {
  adminPasswordSchema,
  adminUsernameSchema,
  type AdminPrincipalRequest,
} from './console.schema';

/**
 * The Setup admin user modal's rules (spec sections 2 and 5), for the web to render and tests to pin:
 * - 'Add admin user' stays disabled until a username is entered and the password equals the confirmation
 *   (and, beyond the spec, the password is long enough: the server refuses shorter ones);
 * - the confirmation shows 'Passwords must match' whenever the two differ;
 * - username and password are required;
 * - after submit or cancel the fields are empty again and the role is ADMINISTRATOR.
 * The Username field starts empty, as section 5 says (the System principal's default name `admin` is only its
 * placeholder: a unique name is what the explanation asks for; docs/decisions/020).
 */
export interface AdminUserFormValues {
  username: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_ADMIN_USER_FORM: AdminUserFormValues = {
  username: '',
  password: '',
  confirmPassword: '',
};
export const ADMIN_USER_ROLES = [SYSTEM_PRINCIPAL_DEFAULT_ROLE] as const;

export interface AdminUserFormState {
  canSubmit: boolean;
  /** Per field, the message to show now (none for an untouched empty field). */
  errors: Partial<Record<keyof AdminUserFormValues, string>>;
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export function adminUserFormState(values: AdminUserFormValues): AdminUserFormState {
  const errors: AdminUserFormState['errors'] = {};
  const username = firstIssue(adminUsernameSchema.safeParse(values.username));
  const password = firstIssue(adminPasswordSchema.safeParse(values.password));
  if (values.username !== '' && username !== undefined) errors.username = username;
  if (values.password !== '' && password !== undefined) errors.password = password;
  const passwordsMatch = values.password === values.confirmPassword;
  if (!passwordsMatch) errors.confirmPassword = PRINCIPAL_MESSAGES.passwordsMustMatch;
  return {
    canSubmit:
      values.username.trim() !== '' &&
      username === undefined &&
      password === undefined &&
      passwordsMatch,
    errors,
  };
}

/** What is sent: the trimmed username and the password as typed (never trimmed: it is a secret). */
export function adminUserRequest(values: AdminUserFormValues): AdminPrincipalRequest {
  return { username: values.username.trim(), password: values.password };
}
