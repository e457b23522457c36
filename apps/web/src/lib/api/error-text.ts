import { toUserError } from '@herald/contract/api/error-text';

/**
 * The text of a failure shown inline by a form or a view that handles its own errors: spec section
 * 8's fallback order (toUserError). A client error (4xx) shows the server's message, written for
 * people (a rate limit, an expired reset link); a server error or a lost connection shows the user
 * text 'An API call failure occurred ...', never the technical message.
 */
export function inlineErrorText(error: unknown): string {
  return toUserError(error).message;
}

/** The technical message of a failed API call (method, URL, status), for details and support. */
export function technicalErrorText(error: unknown): string | undefined {
  return toUserError(error).technical;
}
