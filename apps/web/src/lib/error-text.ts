import { toUserError } from '@herald/contract/api/error-text';
import { isApiError } from './api-error';

/**
 * The text of a failure shown inline by a form that handles its own errors: the server's
 * message when there is an answer (its wording is meant for the user, e.g. a rate limit or an
 * expired reset link), otherwise the spec's fallback order (section 8).
 */
export function inlineErrorText(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) return error.serverMessage;
  return toUserError(error).message;
}
