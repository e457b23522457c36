import type { ErrorIssue } from '@herald/contract/api/errors';

/** Locations of the error envelope's issues start with the part of the request they name. */
const REQUEST_PARTS = new Set(['body', 'query', 'params']);

/**
 * Maps a 400's `issues` onto form fields (CONVENTIONS section 6): `body.name` → `name`,
 * `body.address.city` → `address.city` (Mantine form paths). The first issue of a field wins,
 * so the user sees one message per field.
 */
export function issuesToFieldErrors(
  issues: readonly ErrorIssue[] | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const segments = issue.path.split('.').filter((segment) => segment !== '');
    if (segments.length > 1 && REQUEST_PARTS.has(segments[0] as string)) segments.shift();
    const field = segments.join('.');
    if (field === '' || field in errors) continue;
    errors[field] = issue.message;
  }
  return errors;
}
