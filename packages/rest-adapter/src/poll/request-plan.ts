import type { RestProcessApi } from '@herald/contract/rest-adapters/rest-adapter-process';

/**
 * The request an endpoint's poll sends (docs/decisions/051): the API's headers, its authentication (basic, bearer),
 * the conditional validators the API gave last time (If-None-Match for an ETag, If-Modified-Since for a
 * Last-Modified: a 304 is "unchanged"), and how its URL is shown in logs and answers: query values as `***` and no
 * user or password, since they may hold keys. Pure.
 */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export const USER_AGENT = 'Herald-REST-Adapter/1';

export function requestHeaders(
  api: Pick<RestProcessApi, 'headers' | 'authentication'>,
  validators: Validators | null,
): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: '*/*' };
  for (const { name, value } of api.headers) headers[name.toLowerCase()] = value;
  const auth = api.authentication;
  if (auth.type === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  } else if (auth.type === 'bearer') {
    headers.authorization = `Bearer ${auth.token}`;
  }
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  return headers;
}

/** The URL as logs and answers show it: every query value `***`, no user or password. */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(not a URL)';
  }
  parsed.username = '';
  parsed.password = '';
  const names = [...parsed.searchParams.keys()];
  if (names.length === 0) return parsed.toString();
  const query = names.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  parsed.search = '';
  return `${parsed.toString()}?${query}`;
}

/** The validators a 2xx answer gives for the next poll. */
export function validatorsOf(headers: Record<string, string | string[] | undefined>): Validators {
  const one = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value) ?? null;
  return { etag: one(headers.etag), lastModified: one(headers['last-modified']) };
}
