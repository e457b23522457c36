import { toUserError } from '@herald/contract/api/error-text';
import { isApiError } from '../lib/api/api-error';
import { issuesToFieldErrors } from '../lib/forms/form-errors';

/**
 * A refused save, on the form: the server's issues on the fields they name (the request's names mapped to the
 * form's by `fieldOf`), and the failure's text for the whole form when no field takes it.
 */
export function saveFailureErrors<F extends string>(
  error: unknown,
  fieldOf: (requestPath: string) => F | null,
): Partial<Record<F | 'form', string>> {
  const errors: Partial<Record<F | 'form', string>> = {};
  if (isApiError(error)) {
    for (const [path, message] of Object.entries(issuesToFieldErrors(error.issues))) {
      const field = fieldOf(path);
      if (field !== null) errors[field] ??= message;
    }
  }
  if (Object.keys(errors).length === 0) errors.form = toUserError(error).message;
  return errors;
}

/** The form field a request path names: its last segment that is a name, if the form has it. */
export function lastSegmentField<F extends string>(
  fields: readonly F[],
  renames: Record<string, F> = {},
) {
  return (path: string): F | null => {
    const segments = path.split('.').filter((segment) => !/^\d+$/.test(segment));
    const first = segments[0] ?? '';
    if (first in renames) return renames[first] ?? null;
    const last = segments.at(-1) ?? '';
    return (fields as readonly string[]).includes(last) ? (last as F) : null;
  };
}
