import type { ErrorIssue } from '@herald/contract/api/errors';
import type { HttpMethod } from '@herald/contract/api/define-route';
import { GENERAL_MESSAGES } from '@herald/contract/messages';

export interface ApiErrorInit {
  status: number;
  method: HttpMethod;
  url: string;
  serverMessage: string;
  code?: string | undefined;
  requestId?: string | undefined;
  issues?: ErrorIssue[] | undefined;
  cause?: unknown;
}

/**
 * A failed API call (spec section 8: "wrapped with a technical message (message, URL, status)
 * and the user text"). `message` is the user text; `technicalMessage` is for the fallback
 * order of toUserError and for support. Status 0 means the request never got an answer.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly method: HttpMethod;
  readonly url: string;
  readonly serverMessage: string;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly issues: ErrorIssue[] | undefined;
  readonly technicalMessage: string;

  constructor(init: ApiErrorInit) {
    super(
      GENERAL_MESSAGES.apiCallFailure,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.requestId = init.requestId;
    this.issues = init.issues;
    this.technicalMessage = `${init.method} ${init.url} failed with status ${init.status}: ${init.serverMessage}`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
