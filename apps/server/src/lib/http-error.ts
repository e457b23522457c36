import type { ErrorCode } from '@herald/contract/api/errors';

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
  ) {
    super(message);
  }
}
