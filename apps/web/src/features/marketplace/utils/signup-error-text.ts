import { MARKETPLACE_MESSAGES } from '@herald/contract/marketplace/marketplace.schema';
import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { isApiError } from '../../../lib/api/api-error';

/**
 * The text of a failed connection (section 8 fallback order: the server's reason, which for this route is always
 * one of MARKETPLACE_MESSAGES, then the general API failure text).
 */
export function signupErrorText(error: unknown): string {
  if (!isApiError(error)) return GENERAL_MESSAGES.apiCallFailure;
  if (error.status === 400 && error.issues) return MARKETPLACE_MESSAGES.invalidToken;
  if (error.status === 401)
    return 'Your session has ended. Log in again to connect your subscription.';
  return error.serverMessage || GENERAL_MESSAGES.apiCallFailure;
}
