import { ERROR_CODES } from '@herald/contract/api/errors';
import type { ErrorIssue } from '@herald/contract/api/errors';
import { findJsonLimitIssues } from '@herald/contract/common/json-limits';
import { findUnsafeText } from '@herald/contract/common/safe-text';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

function refuse(issues: ErrorIssue[]): HttpError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new HttpError(400, ERROR_CODES.validation, `Invalid request: ${summary}`, { issues });
}

/**
 * Refuses text no database column can hold (NUL, unpaired surrogates), and bodies past the JSON limits, in every
 * request of every route — the
 * contract's, better-auth's, the token endpoint's, the outbox's — before anything reads it (docs/decisions/012).
 * Path parameters and the query are checked at onRequest, ahead of the access guards that look ids up; the body
 * once parsed, at preValidation. Either way the answer is the usual 400 with `issues` naming the field.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const issues = [
      ...findUnsafeText(request.params, 'params'),
      ...findUnsafeText(request.query, 'query'),
    ];
    if (issues.length > 0) throw refuse(issues);
  });
  app.addHook('preValidation', async (request) => {
    // And JSON no answer could carry back: nested too deep to serialise, or a number (`1e400`) JSON.stringify
    // would turn into null (common/json-limits.ts).
    const issues = [
      ...findUnsafeText(request.body, 'body'),
      ...findJsonLimitIssues(request.body, 'body'),
    ];
    if (issues.length > 0) throw refuse(issues);
  });
}
