import { ERROR_CODES } from '@herald/contract/api/errors';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '@herald/contract/users/common-password';
import { loadCommonPasswords } from '../../adapters/identity/common-passwords';
import { HttpError } from '../../lib/http-error';

/**
 * A new password (sign-up, change, reset) must not be a common one (ASVS 5.0 V6.2.4). Length is the contract's
 * (8–128); there are no composition rules. Refused as a field error on `body.password`.
 */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password, loadCommonPasswords())) {
    throw new HttpError(400, ERROR_CODES.validation, COMMON_PASSWORD_MESSAGE, {
      issues: [{ path: 'body.password', message: COMMON_PASSWORD_MESSAGE }],
    });
  }
}
