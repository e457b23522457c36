/* Kept apart from api-client.ts (which loads zod) so the shell can build URLs cheaply. */

export type QueryValue = string | number | boolean | Date | null | undefined;

/** Only defined values go on the query string; arrays repeat their key. */
export function toQueryString(
  query: Record<string, QueryValue | readonly QueryValue[]> | undefined,
): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      search.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
