import type { ErrorCode, ErrorIssue } from '@herald/contract/api/errors';

export interface HttpErrorOptions {
  /** Field-level problems, for the envelope's `issues` (the client shows them on form fields). */
  issues?: ErrorIssue[];
  /** Response headers to send with the error (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/**
 * Thrown by handlers and services for an expected failure; the error handler turns it into the error envelope
 * with this status, code and message (docs/decisions/003-error-envelope.md).
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
  }
}
